import { randomBytes } from 'node:crypto';
import {
  MSG,
  Role,
  validateNickname,
  type TBindPhoneRequest,
  type TLoginReply,
  type TThirdPartyLoginReply,
  type TThirdPartyType,
  type TUcossQuery,
  type TWechatLoginQuery,
  type TWechatLoginReply,
  type TWechatQr,
} from '@portal/contract';
import type { AccountConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { consumePhoneCode, type WrongCodeLimit } from '../auth/phone-code.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import type { Users } from '../users/users.service.ts';
import { accountDisabled, defaultNickname } from '../auth/auth.service.ts';
import { newSessionToken, sha256Hex } from '../auth/secrets.ts';
import { ProviderError } from '../../platform/http-call.ts';
import { qrPng } from '../detail/share-qr.ts';
import { SsoRefusedError, verifySsoToken } from './sso.adapter.ts';
import type { IdentityRow, SsoRepo } from './sso.repo.ts';
import type { ActivityRecorder } from '../analytics/activity-recorder.ts';
import { WechatRefusedError, wechatAuthorizeUrl, wechatUserForCode } from './wechat.adapter.ts';

/** A bind ticket (and the verification behind it) is good for this long. */
export const BIND_TICKET_TTL_MS = 30 * 60_000;
/** A WeChat QR is good for this long (WeChat's own QR pages expire sooner). */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export type SsoService = ReturnType<typeof createSsoService>;

type Verified = {
  provider: TThirdPartyType;
  externalId: string;
  unionId: string;
  nickname: string;
  avatar: string;
  phone?: string;
};

/**
 * Third-party sign-in: the SSO entry (/ucoss), WeChat QR logins, and binding a phone to a
 * verified third-party account (/phone_verify). A verified account already bound to a user
 * (or whose SSO vouches for a phone) signs in at once; otherwise a bind ticket is issued.
 */
export function createSsoService(deps: {
  repo: SsoRepo;
  auth: AuthRepo;
  users: Users;
  clock: Clock;
  config: AccountConfig;
  publicUrl: string;
  sessionTtlDays: number;
  /** Binding proves a phone like login does, under the same cap on wrong codes. */
  wrongCodes: WrongCodeLimit;
  /** Counts each sign-in by its method for the back-office's analytics. */
  activity?: Pick<ActivityRecorder, 'login'>;
}) {
  const { repo, auth, users, clock, config, publicUrl, sessionTtlDays, wrongCodes } = deps;
  const now = () => clock.now().getTime();

  async function openSession(userId: number, method: TThirdPartyType): Promise<TLoginReply> {
    const t = now();
    const user = await users.findById(userId);
    if (!user) {
      throw AppError.badRequest(MSG.bindExpired);
    }
    if (Number(user.status) === 0) {
      throw accountDisabled();
    }
    const token = newSessionToken();
    const expiresAt = t + sessionTtlDays * DAY_MS;
    await auth.createSession({
      user_id: userId,
      token_hash: sha256Hex(token),
      created_at: t,
      expires_at: expiresAt,
    });
    await users.recordLogin(userId, t);
    await deps.activity?.login(userId, method);
    return {
      token,
      login_role_type: await users.rolesOf(userId),
      user_company_type_status: Number(user.company_type_status),
      set_keyword_status: Number(user.keyword_status),
      expires_at: expiresAt,
    };
  }

  /**
   * The user of `phone`, created on first sight as login does; the identity's name seeds a new
   * profile. Its picture does not: it lives on the provider's host, which the page's CSP
   * (img-src 'self') would not load; the user uploads an avatar in personal settings.
   */
  async function userForPhone(phone: string, identity: IdentityRow): Promise<number> {
    const nickname = identity.nickname.trim();
    const user = await users.ensureUser({
      phone,
      nickname: nickname !== '' && validateNickname(nickname) === null ? nickname : defaultNickname(phone),
      created_at: now(),
      last_login_at: null,
      roles: [Role.user],
    });
    return user.id;
  }

  async function signIn(v: Verified): Promise<TThirdPartyLoginReply> {
    const identity = await repo.upsertIdentity({
      provider: v.provider,
      external_id: v.externalId,
      union_id: v.unionId,
      nickname: v.nickname,
      avatar: v.avatar,
      at: now(),
    });
    if (identity.user_id !== null) {
      return { need_bind: 0, login: await openSession(identity.user_id, v.provider), bind: null };
    }
    if (v.phone && /^1[3-9]\d{9}$/.test(v.phone)) {
      const userId = await userForPhone(v.phone, identity);
      if (await repo.bind(identity.id, userId, now())) {
        return { need_bind: 0, login: await openSession(userId, v.provider), bind: null };
      }
    }
    const ticket = randomBytes(24).toString('base64url');
    await repo.setBindTicket(identity.id, sha256Hex(ticket));
    return {
      need_bind: 1,
      login: null,
      bind: {
        type: v.provider,
        bind_ticket: ticket,
        wx_openid: v.provider === 'wechat' ? v.externalId : '',
        wx_unionid: v.unionId,
        nickname: v.nickname,
        avatar: v.avatar,
      },
    };
  }

  /** Runs a provider call; its failures become the page's message, the cause goes to the log. */
  async function provider<T>(
    log: { warn(o: object, m: string): void },
    messages: { refused: string; failed: string },
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof SsoRefusedError || error instanceof WechatRefusedError) {
        log.warn({ err: error }, 'third-party sign-in refused');
        throw AppError.notice(messages.refused);
      }
      if (error instanceof ProviderError) {
        log.warn({ err: error }, 'third-party provider failed');
        throw AppError.notice(messages.failed);
      }
      throw error;
    }
  }

  const wechatApp = (kind: string) => (kind === 'open' ? config.wechat.open : config.wechat.official);

  return {
    wechatStatus: () => ({ open: config.wechat.open !== null, official: config.wechat.official !== null }),

    async ucoss(
      query: TUcossQuery,
      log: { warn(o: object, m: string): void },
    ): Promise<TThirdPartyLoginReply> {
      const sso = config.sso;
      if (!sso) {
        throw AppError.notice(MSG.ssoNotConfigured);
      }
      const user = await provider(log, { refused: MSG.ssoRefused, failed: MSG.ssoFailed }, () =>
        verifySsoToken(sso.verifyUrl, query),
      );
      return signIn({
        provider: 'sso',
        externalId: `${query.uc_toolid}:${user.userId}`,
        unionId: '',
        nickname: user.nickname,
        avatar: user.avatar,
        phone: user.phone,
      });
    },

    async bindPhone(body: TBindPhoneRequest): Promise<TLoginReply> {
      const identity = await repo.identityByTicket(
        body.type,
        sha256Hex(body.bind_ticket),
        now() - BIND_TICKET_TTL_MS,
      );
      if (!identity) {
        throw AppError.badRequest(MSG.bindExpired);
      }
      if (body.wx_openid && body.type === 'wechat' && body.wx_openid !== identity.external_id) {
        throw AppError.badRequest(MSG.bindExpired);
      }
      await consumePhoneCode(auth, body.phone, body.code, now(), wrongCodes);
      const userId = await userForPhone(body.phone, identity);
      if (!(await repo.bind(identity.id, userId, now()))) {
        throw AppError.badRequest(MSG.bindExpired);
      }
      return openSession(userId, body.type);
    },

    /** GET /api/wxLoginQR ('open') and /api/wx/official/login/qrcode ('official'). */
    async wechatQr(kind: 'open' | 'official'): Promise<TWechatQr> {
      const app = wechatApp(kind);
      if (!app) {
        throw AppError.notice(MSG.wechatNotConfigured);
      }
      const t = now();
      const state = randomBytes(16).toString('hex');
      const poll = randomBytes(24).toString('base64url');
      await repo.createState({
        state,
        kind,
        poll_hash: sha256Hex(poll),
        created_at: t,
        expires_at: t + WECHAT_STATE_TTL_MS,
      });
      const url = wechatAuthorizeUrl(kind, app, `${publicUrl}/connect`, state);
      // The website app's QR is drawn by WeChat's page; the official account's is ours to draw.
      const qrcode =
        kind === 'official' ? `data:image/png;base64,${(await qrPng(url)).toString('base64')}` : '';
      return { url, poll, qrcode };
    },

    /**
     * GET /api/wx/official/login. With `code` + `state` (WeChat's redirect to /connect):
     * exchanges the code and finishes the state; a website QR signs this browser in at once,
     * an official-account QR only confirms (the phone scanned it). With `poll` (the page
     * showing the QR): waiting until finished, then the sign-in, once.
     */
    async wechatLogin(
      query: TWechatLoginQuery,
      log: { warn(o: object, m: string): void },
    ): Promise<TWechatLoginReply> {
      const t = now();
      const row =
        query.code !== undefined && query.state !== undefined
          ? await repo.state(query.state)
          : await repo.stateByPoll(sha256Hex(query.poll ?? ''));
      if (!row || row.expires_at <= t) {
        throw AppError.notice(MSG.wechatExpired);
      }
      const app = wechatApp(row.kind);
      if (!app) {
        throw AppError.notice(MSG.wechatNotConfigured);
      }
      if (query.code !== undefined) {
        const code = query.code;
        const user = await provider(log, { refused: MSG.wechatExpired, failed: MSG.wechatFailed }, () =>
          wechatUserForCode(config.wechat.apiBase, app, code),
        );
        // The unionid is the same person across the website app and the official account.
        const externalId = user.unionid !== '' ? `union:${user.unionid}` : `${app.appId}:${user.openid}`;
        const identity = await repo.upsertIdentity({
          provider: 'wechat',
          external_id: externalId,
          union_id: user.unionid,
          nickname: user.nickname,
          avatar: user.avatar,
          at: t,
        });
        if (!(await repo.finishState(row.state, identity.id, t))) {
          throw AppError.notice(MSG.wechatExpired);
        }
        if (row.kind === 'official') {
          return { waiting: false, need_bind: 0, login: null, bind: null };
        }
      }
      const finished = await repo.state(row.state);
      if (!finished?.identity_id) {
        return { waiting: true, need_bind: 0, login: null, bind: null };
      }
      if (!(await repo.collectState(row.state, t))) {
        throw AppError.notice(MSG.wechatExpired);
      }
      const identity = await repo.identity(finished.identity_id);
      if (!identity) {
        throw AppError.notice(MSG.wechatExpired);
      }
      const reply = await signIn({
        provider: 'wechat',
        externalId: identity.external_id,
        unionId: identity.union_id,
        nickname: identity.nickname,
        avatar: identity.avatar,
      });
      return { waiting: false, ...reply };
    },
  };
}
