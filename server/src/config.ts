import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMS_CODE, ZTheme, type TTheme, DEFAULT_THEME } from '@portal/contract';
import { z } from 'zod';
import { smsConfigFromEnv, type SmsConfig } from './platform/sms/sms-config.ts';

/** The repository root: relative paths in settings resolve against it, not against the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  /** `readUrl`: DATABASE_READ_URL, a streaming hot standby of `url` for searches and lists (db/replica-monitor.ts). */
  | { kind: 'postgres'; url: string; readUrl?: string };

export type Config = {
  port: number;
  /** Server processes (WORKERS, default: one per CPU core, at most 8); more than one runs a cluster. */
  workers: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  publicUrl: string;
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How login codes are sent (SMS_ADAPTER and its provider's settings; platform/sms/README.md). */
  sms: SmsConfig;
  /** Reverse-proxy hops whose X-Forwarded-For is trusted for the client IP; 0 when clients connect directly. */
  trustProxy: number;
  rateLimit: {
    phonePerHour: number;
    /** Codes one phone may request per 24 hours (RATE_LIMIT_PHONE_PER_DAY). */
    phonePerDay: number;
    /** Wrong codes one phone may enter per hour across all its codes (LOGIN_WRONG_CODES_PER_HOUR). */
    wrongCodesPerHour: number;
    ipPerWindow: number;
    ipWindowSeconds: number;
  };
  sessionTtlDays: number;
  demoSeed: boolean;
  /** Demo reports generated on first start (DEMO_REPORTS, default 60); tests and e2e use fewer. */
  demoReports: number;
  /** SQLite search reader threads (SEARCH_READERS); 0 searches on the main thread. Default min(2, cores). */
  searchReaders: number | undefined;
  /** Views and downloads are summed in memory and written this often (COUNT_FLUSH_MS, default 1000); 0 writes each at once. */
  countFlushMs: number;
  /**
   * Longest a read cache (item details, list pages, sessions) keeps an entry when this process
   * has not written meanwhile (READ_CACHE_MS, default 2000): how late writes by another process
   * (an import, a second instance) show. 0 turns the caches off.
   */
  readCacheMs: number;
  logoUrl: string;
  theme: TTheme;
  /** Hosts that get the moved-notice page (OLD_DOMAINS, comma-separated), lower case, no port. */
  oldDomains: string[];
  /** Origins the page may frame (dashboards): the Tableau server's plus DASHBOARD_ORIGINS. */
  frameOrigins: string[];
  /** Viewer adapters (modules/integrations/README.md); null when not configured. */
  integrations: IntegrationsConfig;
  /** Outgoing mail (platform/mail): SMTP when smtpUrl is set, else the outbox under DATA_DIR. */
  mail: { smtpUrl: string | null; from: string };
  /** Where uncertified organisations are told to send claim requests (ORGAN_CLAIM_EMAIL). */
  organClaimEmail: string;
  /** Enquiries accepted per rolling hour (ENQUIRY_PER_USER_PER_HOUR, ENQUIRY_PER_IP_PER_HOUR); each mails an organisation. */
  enquiryLimits: { perUserPerHour: number; perIpPerHour: number };
  /** The daily digest (modules/digest): local wall-clock time `HH:MM` in an IANA time zone. */
  digest: { time: string; timeZone: string };
  /** Signs unsubscribe links (APP_SECRET); unset → a random secret generated once and kept in DATA_DIR. */
  appSecret: string | null;
  /** Account, feedback and third-party sign-in (modules/sso/README.md); null adapters when not configured. */
  account: AccountConfig;
  /** METRICS_TOKEN: /metrics then needs `Authorization: Bearer <token>`; null → loopback scrapers only. */
  metricsToken: string | null;
  /** OPENAPI: who may read /api/openapi.json (`off` serves nothing). */
  openApi: 'off' | 'admin' | 'public';
  /** Feed sources (modules/feeds): hosts / IPs exempt from the private-address rule (FEED_ALLOW_HOSTS). */
  feeds: { allowHosts: string[] };
  /** The report drop folder (REPORT_INBOX; null: off) and whether its PDFs are published at once (REPORT_INBOX_PUBLISH). */
  reportInbox: { dir: string | null; publish: boolean };
};

export type WechatApp = { appId: string; secret: string };

export type AccountConfig = {
  /** SSO verify endpoint for GET /api/ucoss (SSO_VERIFY_URL). */
  sso: { verifyUrl: string } | null;
  /** WeChat open-platform website app (QR login) and official account; WX_API_BASE for tests. */
  wechat: {
    apiBase: string;
    open: WechatApp | null;
    official: WechatApp | null;
    /** The mini-program whose codes /wxqrcode draws (WX_MINI_APPID/SECRET, WX_MINI_PAGE). */
    mini: (WechatApp & { page: string }) | null;
  };
  /** Feedback footer: contact lines, copyright, QR image URLs ('' hides a slot). */
  feedbackFooter: { contact: string[]; copyright: string; officialQr: string; miniprogramQr: string };
  /** A replacement privacy policy (plain text); the built-in text when unset or missing. */
  privacyPolicyFile: string;
};

export type IntegrationsConfig = {
  tableau: { serverUrl: string; username: string; site: string } | null;
  quickBi: { tokenUrl: string; accessKey: string; accessSecret: string } | null;
  /** The default model endpoint; an analysis's own anal_data_info.url wins. */
  classifier: { url: string | null; accessToken: string };
  /** The origins the page may frame (the same list as `frameOrigins`): a dashboard elsewhere is refused by the CSP. */
  frameOrigins: string[];
};

/** An env var that is unset or empty counts as "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const positiveInt = z.coerce.number().int().positive();
/** Beyond this many processes a default would mostly add memory: set WORKERS to go higher. */
const MAX_DEFAULT_WORKERS = 8;
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']))
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const ZEnv = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  HOST: optional(z.string().trim()),
  DATA_DIR: optional(z.string().trim()),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL (leave unset for SQLite)' }),
  ),
  DATABASE_READ_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL of a hot standby of DATABASE_URL' }),
  ),
  PUBLIC_URL: optional(z.url()),
  WEB_DIST: optional(z.string().trim()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  SMS_ADAPTER: optional(z.enum(['log', 'aliyun', 'tencent'])),
  ALIYUN_SMS_ACCESS_KEY_ID: optional(z.string().trim()),
  ALIYUN_SMS_ACCESS_KEY_SECRET: optional(z.string().trim()),
  ALIYUN_SMS_SIGN_NAME: optional(z.string().trim()),
  ALIYUN_SMS_TEMPLATE_CODE: optional(z.string().trim()),
  ALIYUN_SMS_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  TENCENT_SMS_SECRET_ID: optional(z.string().trim()),
  TENCENT_SMS_SECRET_KEY: optional(z.string().trim()),
  TENCENT_SMS_SDK_APP_ID: optional(z.string().trim()),
  TENCENT_SMS_SIGN_NAME: optional(z.string().trim()),
  TENCENT_SMS_TEMPLATE_ID: optional(z.string().trim()),
  TENCENT_SMS_REGION: optional(z.string().trim()),
  TENCENT_SMS_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)),
  RATE_LIMIT_PHONE_PER_HOUR: optional(positiveInt),
  RATE_LIMIT_PHONE_PER_DAY: optional(positiveInt),
  LOGIN_WRONG_CODES_PER_HOUR: optional(positiveInt),
  RATE_LIMIT_IP_PER_WINDOW: optional(positiveInt),
  RATE_LIMIT_IP_WINDOW_SECONDS: optional(positiveInt),
  SESSION_TTL_DAYS: optional(positiveInt),
  DEMO_SEED: optional(flag),
  DEMO_REPORTS: optional(z.coerce.number().int().min(0).max(1000)),
  SEARCH_READERS: optional(z.coerce.number().int().min(0).max(16)),
  COUNT_FLUSH_MS: optional(z.coerce.number().int().min(0).max(60_000)),
  READ_CACHE_MS: optional(z.coerce.number().int().min(0).max(60_000)),
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
  SMTP_URL: optional(
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/[^/]/, { error: 'must be an smtp:// or smtps:// URL' }),
  ),
  MAIL_FROM: optional(z.string().trim()),
  ORGAN_CLAIM_EMAIL: optional(z.email()),
  ENQUIRY_PER_USER_PER_HOUR: optional(positiveInt),
  ENQUIRY_PER_IP_PER_HOUR: optional(positiveInt),
  DIGEST_TIME: optional(
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be HH:MM (24-hour)' }),
  ),
  DIGEST_TIMEZONE: optional(
    z.string().trim().refine(isTimeZone, { error: 'must be an IANA time zone, e.g. Asia/Shanghai' }),
  ),
  APP_SECRET: optional(z.string().trim().min(16, { error: 'must be at least 16 characters' })),
  SSO_VERIFY_URL: optional(z.url()),
  WX_API_BASE: optional(z.url()),
  WX_OPEN_APPID: optional(z.string().trim()),
  WX_OPEN_SECRET: optional(z.string().trim()),
  WX_MP_APPID: optional(z.string().trim()),
  WX_MP_SECRET: optional(z.string().trim()),
  WX_MINI_APPID: optional(z.string().trim()),
  WX_MINI_SECRET: optional(z.string().trim()),
  WX_MINI_PAGE: optional(
    z
      .string()
      .trim()
      .regex(/^[\w-]+(\/[\w-]+)*$/, {
        error: 'must be a page path such as pages/share/index (no leading /)',
      }),
  ),
  FEEDBACK_CONTACT: optional(z.string()),
  FEEDBACK_COPYRIGHT: optional(z.string()),
  FEEDBACK_QR_OFFICIAL: optional(z.string().trim()),
  FEEDBACK_QR_MINIPROGRAM: optional(z.string().trim()),
  PRIVACY_POLICY_FILE: optional(z.string().trim()),
  METRICS_TOKEN: optional(z.string().trim().min(16, { error: 'must be at least 16 characters' })),
  OPENAPI: optional(z.enum(['off', 'admin', 'public'])),
  FEED_ALLOW_HOSTS: optional(z.string()),
  REPORT_INBOX: optional(z.string().trim()),
  REPORT_INBOX_PUBLISH: optional(flag),
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
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (a read replica of PostgreSQL)',
    );
  }
  const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));
  const port = e.PORT ?? 3000;
  const dataDir = fromRoot(e.DATA_DIR ?? '.data');
  return {
    port,
    workers: e.WORKERS ?? Math.min(availableParallelism(), MAX_DEFAULT_WORKERS),
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          ...(e.DATABASE_READ_URL ? { readUrl: e.DATABASE_READ_URL } : {}),
        }
      : { kind: 'sqlite', file: resolve(dataDir, 'portal.db') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webDist: fromRoot(e.WEB_DIST ?? 'web/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    sms: smsConfigFromEnv(e),
    trustProxy: e.TRUST_PROXY ?? 0,
    rateLimit: {
      phonePerHour: e.RATE_LIMIT_PHONE_PER_HOUR ?? SMS_CODE.perPhonePerHour,
      phonePerDay: e.RATE_LIMIT_PHONE_PER_DAY ?? SMS_CODE.perPhonePerDay,
      wrongCodesPerHour: e.LOGIN_WRONG_CODES_PER_HOUR ?? SMS_CODE.wrongCodesPerPhonePerHour,
      ipPerWindow: e.RATE_LIMIT_IP_PER_WINDOW ?? SMS_CODE.perIpPer10Min,
      ipWindowSeconds: e.RATE_LIMIT_IP_WINDOW_SECONDS ?? 600,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS ?? 30,
    demoSeed: e.DEMO_SEED ?? true,
    demoReports: e.DEMO_REPORTS ?? 60,
    searchReaders: e.SEARCH_READERS,
    countFlushMs: e.COUNT_FLUSH_MS ?? 1000,
    readCacheMs: e.READ_CACHE_MS ?? 2000,
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
          ? {
              serverUrl: e.TABLEAU_SERVER_URL.replace(/\/+$/, ''),
              username: e.TABLEAU_USERNAME,
              site: e.TABLEAU_SITE ?? '',
            }
          : null,
      quickBi: e.QUICKBI_TOKEN_URL
        ? {
            tokenUrl: e.QUICKBI_TOKEN_URL,
            accessKey: e.QUICKBI_ACCESS_KEY ?? '',
            accessSecret: e.QUICKBI_ACCESS_SECRET ?? '',
          }
        : null,
      classifier: { url: e.CLASSIFIER_URL ?? null, accessToken: e.CLASSIFIER_ACCESS_TOKEN ?? '' },
      frameOrigins: frameOrigins([e.TABLEAU_SERVER_URL, ...(e.DASHBOARD_ORIGINS ?? '').split(',')]),
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? '洞察门户 <no-reply@localhost>' },
    organClaimEmail: e.ORGAN_CLAIM_EMAIL ?? 'claim@portal.example.com',
    enquiryLimits: {
      perUserPerHour: e.ENQUIRY_PER_USER_PER_HOUR ?? 5,
      perIpPerHour: e.ENQUIRY_PER_IP_PER_HOUR ?? 20,
    },
    digest: { time: e.DIGEST_TIME ?? '08:00', timeZone: e.DIGEST_TIMEZONE ?? 'Asia/Shanghai' },
    appSecret: e.APP_SECRET ?? null,
    account: {
      sso: e.SSO_VERIFY_URL ? { verifyUrl: e.SSO_VERIFY_URL } : null,
      wechat: {
        apiBase: (e.WX_API_BASE ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
        open:
          e.WX_OPEN_APPID && e.WX_OPEN_SECRET ? { appId: e.WX_OPEN_APPID, secret: e.WX_OPEN_SECRET } : null,
        official: e.WX_MP_APPID && e.WX_MP_SECRET ? { appId: e.WX_MP_APPID, secret: e.WX_MP_SECRET } : null,
        mini:
          e.WX_MINI_APPID && e.WX_MINI_SECRET
            ? { appId: e.WX_MINI_APPID, secret: e.WX_MINI_SECRET, page: e.WX_MINI_PAGE ?? '' }
            : null,
      },
      feedbackFooter: {
        contact: (e.FEEDBACK_CONTACT ?? '客服邮箱：service@insight-portal.cn|工作时间：工作日 9:00-18:00')
          .split('|')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
        copyright: e.FEEDBACK_COPYRIGHT ?? 'Copyright © 洞察门户 版权所有',
        officialQr: e.FEEDBACK_QR_OFFICIAL ?? '',
        miniprogramQr: e.FEEDBACK_QR_MINIPROGRAM ?? '',
      },
      privacyPolicyFile: fromRoot(e.PRIVACY_POLICY_FILE ?? resolve(dataDir, 'privacy-policy.txt')),
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    openApi: e.OPENAPI ?? 'off',
    feeds: {
      allowHosts: (e.FEED_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    },
    reportInbox: {
      dir: e.REPORT_INBOX ? fromRoot(e.REPORT_INBOX) : null,
      publish: e.REPORT_INBOX_PUBLISH ?? false,
    },
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The distinct origins of the given URLs; blanks and non-http(s) values are ignored. */
function frameOrigins(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const raw of urls) {
    const text = raw?.trim();
    if (!text) {
      continue;
    }
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || url.protocol === 'http:') {
        origins.add(url.origin);
      }
    } catch {
      // not a URL: ignored, as an unset value would be
    }
  }
  return [...origins];
}
