import { useSyncExternalStore } from 'react';
import type { TMenuItem, TRoute, TSessionUser, TTheme } from '@portal/contract';
import { DEFAULT_THEME } from '@portal/contract';
import { getToken } from '../../api/cookies.ts';

/**
 * What the app knows about the signed-in user (spec §3 "Session user"). `token` mirrors the
 * token cookie (the API client reads the cookie; React reads this, so a login or logout
 * re-renders). `loaded` turns true once roles and routes have been fetched for this token.
 */
export type TSessionState = {
  token: string | null;
  loaded: boolean;
  roles: readonly number[];
  routes: readonly TRoute[];
  user: TSessionUser | null;
  logo: string;
  theme: TTheme;
  menu: readonly TMenuItem[];
};

const EMPTY: Omit<TSessionState, 'token'> = {
  loaded: false,
  roles: [],
  routes: [],
  user: null,
  logo: '',
  theme: DEFAULT_THEME,
  menu: [],
};

let state: TSessionState = { ...EMPTY, token: getToken() };
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

export const sessionStore = {
  get: (): TSessionState => state,
  set(patch: Partial<TSessionState>): void {
    state = { ...state, ...patch };
    emit();
  },
  /** Forget everything fetched (logout, 401, a new login); `token` is the new session's, if any. */
  reset(token: string | null): void {
    state = { ...EMPTY, token };
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The session in a component; re-renders when it changes. */
export function useSession(): TSessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
