import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMS_CODE, ZTheme, type TTheme, DEFAULT_THEME } from '@portal/contract';
import { z } from 'zod';

/** The repository root: relative paths in settings resolve against it, not against the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  publicUrl: string;
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  smsAdapter: 'log';
  /** Reverse-proxy hops whose X-Forwarded-For is trusted for the client IP; 0 when clients connect directly. */
  trustProxy: number;
  rateLimit: { phonePerHour: number; ipPerWindow: number; ipWindowSeconds: number };
  sessionTtlDays: number;
  demoSeed: boolean;
  /** Demo reports generated on first start (DEMO_REPORTS, default 60); tests and e2e use fewer. */
  demoReports: number;
  /** SQLite search reader threads (SEARCH_READERS); 0 searches on the main thread. Default min(2, cores). */
  searchReaders: number | undefined;
  logoUrl: string;
  theme: TTheme;
  /** Hosts that get the moved-notice page (OLD_DOMAINS, comma-separated), lower case, no port. */
  oldDomains: string[];
  /** Origins the page may frame (dashboards): the Tableau server's plus DASHBOARD_ORIGINS. */
  frameOrigins: string[];
  /** Viewer adapters (modules/integrations/README.md); null when not configured. */
  integrations: IntegrationsConfig;
};

export type IntegrationsConfig = {
  tableau: { serverUrl: string; username: string; site: string } | null;
  quickBi: { tokenUrl: string; accessKey: string; accessSecret: string } | null;
  /** The default model endpoint; an analysis's own anal_data_info.url wins. */
  classifier: { url: string | null; accessToken: string };
};

/** An env var that is unset or empty counts as "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const positiveInt = z.coerce.number().int().positive();
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']))
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const ZEnv = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string().trim()),
  DATA_DIR: optional(z.string().trim()),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL (leave unset for SQLite)' }),
  ),
  PUBLIC_URL: optional(z.url()),
  WEB_DIST: optional(z.string().trim()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  SMS_ADAPTER: optional(z.enum(['log'])),
  TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)),
  RATE_LIMIT_PHONE_PER_HOUR: optional(positiveInt),
  RATE_LIMIT_IP_PER_WINDOW: optional(positiveInt),
  RATE_LIMIT_IP_WINDOW_SECONDS: optional(positiveInt),
  SESSION_TTL_DAYS: optional(positiveInt),
  DEMO_SEED: optional(flag),
  DEMO_REPORTS: optional(z.coerce.number().int().min(0).max(1000)),
  SEARCH_READERS: optional(z.coerce.number().int().min(0).max(16)),
  LOGO_URL: optional(z.string().trim()),
  OLD_DOMAINS: optional(z.string()),
  DASHBOARD_ORIGINS: optional(z.string()),
  TABLEAU_SERVER_URL: optional(z.url()),
  TABLEAU_USERNAME: optional(z.string().trim()),
  TABLEAU_SITE: optional(z.string().trim()),
  QUICKBI_TOKEN_URL: optional(z.url()),
  QUICKBI_ACCESS_KEY: optional(z.string().trim()),
  QUICKBI_ACCESS_SECRET: optional(z.string().trim()),
  CLASSIFIER_URL: optional(z.url()),
  CLASSIFIER_ACCESS_TOKEN: optional(z.string().trim()),
  THEME: optional(
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"theme_color":"#1677ff"}' });
          return z.NEVER;
        }
      })
      .pipe(ZTheme.partial().strict()),
  ),
});

/**
 * Reads every setting from `env`, validates it and fills the embedded-mode defaults.
 * Pure: no I/O, so tests can call it with any object. Throws one error listing every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));
  const port = e.PORT ?? 3000;
  const dataDir = fromRoot(e.DATA_DIR ?? '.data');
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: resolve(dataDir, 'portal.db') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webDist: fromRoot(e.WEB_DIST ?? 'web/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    smsAdapter: e.SMS_ADAPTER ?? 'log',
    trustProxy: e.TRUST_PROXY ?? 0,
    rateLimit: {
      phonePerHour: e.RATE_LIMIT_PHONE_PER_HOUR ?? SMS_CODE.perPhonePerHour,
      ipPerWindow: e.RATE_LIMIT_IP_PER_WINDOW ?? SMS_CODE.perIpPer10Min,
      ipWindowSeconds: e.RATE_LIMIT_IP_WINDOW_SECONDS ?? 600,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS ?? 30,
    demoSeed: e.DEMO_SEED ?? true,
    demoReports: e.DEMO_REPORTS ?? 60,
    searchReaders: e.SEARCH_READERS,
    logoUrl: e.LOGO_URL ?? '/brand/logo.svg',
    theme: { ...DEFAULT_THEME, ...e.THEME },
    oldDomains: (e.OLD_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase().replace(/:\d+$/, ''))
      .filter((d) => d !== ''),
    frameOrigins: frameOrigins([e.TABLEAU_SERVER_URL, ...(e.DASHBOARD_ORIGINS ?? '').split(',')]),
    integrations: {
      tableau:
        e.TABLEAU_SERVER_URL && e.TABLEAU_USERNAME
          ? { serverUrl: e.TABLEAU_SERVER_URL.replace(/\/+$/, ''), username: e.TABLEAU_USERNAME, site: e.TABLEAU_SITE ?? '' }
          : null,
      quickBi: e.QUICKBI_TOKEN_URL
        ? { tokenUrl: e.QUICKBI_TOKEN_URL, accessKey: e.QUICKBI_ACCESS_KEY ?? '', accessSecret: e.QUICKBI_ACCESS_SECRET ?? '' }
        : null,
      classifier: { url: e.CLASSIFIER_URL ?? null, accessToken: e.CLASSIFIER_ACCESS_TOKEN ?? '' },
    },
  };
}

/** The distinct origins of the given URLs; blanks and non-http(s) values are ignored. */
function frameOrigins(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const raw of urls) {
    const text = raw?.trim();
    if (!text) continue;
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // not a URL: ignored, as an unset value would be
    }
  }
  return [...origins];
}
