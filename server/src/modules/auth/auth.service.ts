import { ADMIN_USER_MSG, MSG, ResultCode, Role, SMS_CODE, type TLoginReply } from '@portal/contract';
import type { ActivityRecorder } from '../analytics/activity-recorder.ts';
import { AppError } from '../../http/app-error.ts';
import { createReadCache, type Generation } from '../../platform/cache/read-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { SmsSendError, type SmsSender } from '../../platform/sms/sms-sender.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { UserRow } from '../users/users.repo.ts';
import type { Users } from '../users/users.service.ts';
import type { AuthRepo } from './auth.repo.ts';
import { consumePhoneCode } from './phone-code.ts';
import { hashLoginCode, newLoginCode, newSessionToken, SESSION_TOKEN_PATTERN, sha256Hex } from './secrets.ts';

/** What a cached session is read from (users.sessionUser): the session, its user and roles. */
export const SESSION_CACHE_TABLES: readonly string[] = ['sessions', 'users', 'user_roles'];

export type AuthPolicy = {
  phonePerHour: number;
  phonePerDay: number;
  wrongCodesPerHour: number;
  ipPerWindow: number;
  ipWindowSeconds: number;
  sessionTtlDays: number;
};

/** The signed-in user of a request. */
export type AuthUser = {
  id: number;
  phone: string;
  nickname: string;
  avatar: string;
  email: string;
  roles: number[];
  companyTypeStatus: number;
  keywordStatus: number;
  /** Whether detail pages show the organisation menu (users.organ_detail_menu). */
  organDetailMenu: number;
};

export type AuthService = ReturnType<typeof createAuthService>;

type CachedSession = { user: AuthUser; expiresAt: number };
/** Sessions kept by the cache: the users active within a few seconds. */
const SESSION_CACHE_ENTRIES = 10_000;

const HOUR_MS = 3600_000;
/** `users.last_active_at` is kept to this precision: one write per user per hour at most. */
const ACTIVE_PRECISION_MS = HOUR_MS;
/** Per-process memory of the last activity written, so most requests skip even the conditional UPDATE. */
const ACTIVE_MEMORY_ENTRIES = 50_000;
const DAY_MS = 24 * HOUR_MS;

/** Login, code sending and SSO refuse a phone whose account an admin disabled. */
export function accountDisabled(): AppError {
  return new AppError(403, ResultCode.failure, ADMIN_USER_MSG.accountDisabled);
}

/** The name a phone gets on its first login: 用户 and the last four digits. */
export function defaultNickname(phone: string): string {
  return `用户${phone.slice(-4)}`;
}

function toAuthUser(row: UserRow, roles: number[]): AuthUser {
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    roles,
    companyTypeStatus: Number(row.company_type_status),
    keywordStatus: Number(row.keyword_status),
    organDetailMenu: Number(row.organ_detail_menu),
  };
}

/** Phone + SMS-code login, sessions, and the limits that keep codes from being guessed or spammed. */
export function createAuthService(deps: {
  repo: AuthRepo;
  users: Users;
  limiter: RateLimiter;
  clock: Clock;
  sms: SmsSender;
  policy: AuthPolicy;
  /**
   * Keeps live sessions between writes (every request authenticates); off when omitted. Its
   * generation is that of SESSION_CACHE_TABLES: a logout, a disabled account or a role change
   * empties it at once, on every node (db/write-notify.ts); nothing else does.
   */
  sessionCache?: { generation: Generation; ttlMs: number };
  /** Counts logins and daily active users for the back-office (modules/analytics). */
  activity?: Pick<ActivityRecorder, 'login' | 'active'>;
}) {
  const { repo, users, limiter, clock, sms, policy, sessionCache } = deps;
  const now = () => clock.now().getTime();
  // A logout, a role change or a profile edit is a write to these tables, which empties the cache at once.
  const sessions =
    sessionCache && sessionCache.ttlMs > 0
      ? createReadCache<CachedSession | null>({ ...sessionCache, max: SESSION_CACHE_ENTRIES })
      : null;
  const readSession = async (token: string): Promise<CachedSession | null> => {
    const session = await users.sessionUser(sha256Hex(token), now());
    return session ? { user: toAuthUser(session.user, session.roles), expiresAt: session.expiresAt } : null;
  };
  const activeWritten = new Map<number, number>();
  /** Records the user's activity once per hour: a memory check first, then a conditional UPDATE. */
  const touchActive = async (userId: number, t: number): Promise<void> => {
    if (t - (activeWritten.get(userId) ?? 0) < ACTIVE_PRECISION_MS) {
      return;
    }
    if (activeWritten.size >= ACTIVE_MEMORY_ENTRIES) {
      activeWritten.clear();
    }
    activeWritten.set(userId, t);
    await users.touchActive(userId, t, t - ACTIVE_PRECISION_MS);
  };

  return {
    /** Counts one login-related call from `ip`; 429 once the IP is over its window's budget. */
    async checkIp(ip: string): Promise<void> {
      if (!(await limiter.hit(`ip:${ip}`, policy.ipPerWindow, policy.ipWindowSeconds))) {
        throw AppError.tooManyRequests();
      }
    },

    /**
     * Sends a fresh code, replacing any earlier one. The reply is the same whether or not the phone
     * has an account; limits are checked before the SMS adapter is called.
     *
     * The code is stored only once the provider accepted it, so a failed send leaves no usable
     * code, counts against no cap and keeps the earlier code working. A refusal by the provider's
     * flow control keeps the 60 s window (the provider says wait) → 429; any other failure gives
     * the window back, so the user may retry at once → 502 短信发送失败，请稍后重试.
     */
    async sendCode(phone: string): Promise<void> {
      const t = now();
      if (await users.isPhoneDisabled(phone)) {
        throw accountDisabled();
      }
      if ((await repo.codes.countSentSince(phone, t - DAY_MS)) >= policy.phonePerDay) {
        throw AppError.tooManyRequests(MSG.codeDailyLimit);
      }
      if ((await repo.codes.countSentSince(phone, t - HOUR_MS)) >= policy.phonePerHour) {
        throw AppError.tooManyRequests();
      }
      if (!(await repo.codes.claimSendSlot(phone, t, t - SMS_CODE.resendSeconds * 1000))) {
        throw AppError.tooManyRequests(MSG.codeResendTooSoon);
      }
      const code = newLoginCode();
      try {
        await sms.sendLoginCode(phone, code);
      } catch (error) {
        const limited = error instanceof SmsSendError && error.limited;
        if (!limited) {
          await repo.codes.releaseSendSlot(phone, t);
        }
        if (!(error instanceof SmsSendError)) {
          throw error;
        }
        throw limited
          ? AppError.tooManyRequests(MSG.codeResendTooSoon)
          : new AppError(502, ResultCode.failure, MSG.smsSendFailed);
      }
      await repo.codes.replace(
        phone,
        {
          code_hash: hashLoginCode(phone, code),
          sent_at: t,
          expires_at: t + SMS_CODE.ttlSeconds * 1000,
        },
        t - DAY_MS,
      );
    },

    /** Checks the code (one use, 5 minutes, 5 wrong tries; wrong codes per phone per hour), creates a role-1 user on first login, opens a session. */
    async login(phone: string, code: string): Promise<TLoginReply> {
      const t = now();
      // Before the code is used: a disabled account's code stays unused and no wrong try counts.
      if (await users.isPhoneDisabled(phone)) {
        throw accountDisabled();
      }
      await consumePhoneCode(repo, phone, code, t, { limiter, perHour: policy.wrongCodesPerHour });

      const user = await users.ensureUser({
        phone,
        nickname: defaultNickname(phone),
        created_at: t,
        last_login_at: null,
        roles: [Role.user],
      });
      const token = newSessionToken();
      const expiresAt = t + policy.sessionTtlDays * DAY_MS;
      await repo.createSession({
        user_id: user.id,
        token_hash: sha256Hex(token),
        created_at: t,
        expires_at: expiresAt,
      });
      await users.recordLogin(user.id, t);
      await deps.activity?.login(user.id);
      return {
        token,
        login_role_type: await users.rolesOf(user.id),
        user_company_type_status: Number(user.company_type_status),
        set_keyword_status: Number(user.keyword_status),
        expires_at: expiresAt,
      };
    },

    /** The user of a live session token, or null for a missing, malformed, unknown, expired or revoked one. */
    async authenticate(token: string | undefined): Promise<AuthUser | null> {
      if (!token || !SESSION_TOKEN_PATTERN.test(token)) {
        return null;
      }
      // Keyed by the token itself: a hit costs no hashing (only the database holds hashes).
      const session = sessions
        ? await sessions.get(token, () => readSession(token))
        : await readSession(token);
      const t = now();
      if (!session || session.expiresAt <= t) {
        return null;
      }
      await touchActive(session.user.id, t);
      await deps.activity?.active(session.user.id);
      return session.user;
    },

    async logout(token: string): Promise<void> {
      await repo.revokeSession(sha256Hex(token), now());
    },
  };
}
