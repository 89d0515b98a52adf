/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API host when it is not the page's own origin (spec §7 "a configured API host"). */
  readonly VITE_API_BASE?: string;
}
