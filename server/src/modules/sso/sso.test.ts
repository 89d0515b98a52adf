import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG, type TThirdPartyLoginReply, type TWechatLoginReply, type TWechatQr } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Reply<T = unknown> = { code: number; message: string; data: T };
type Peer = { url: string; seen: URL[]; close(): Promise<void> };

/** A real HTTP server on a free local port; `answer` maps a request URL to [status, JSON body]. */
async function startPeer(answer: (url: URL) => [number, unknown]): Promise<Peer> {
  const seen: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    seen.push(url);
    const [status, body] = answer(url);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The test SSO: token `good-<userid>` is valid; users named `phone-*` come with a phone. */
function ssoAnswer(url: URL): [number, unknown] {
  if (url.searchParams.get('uc_toolid') === 'down') {
    return [502, { error: 'bad gateway' }];
  }
  const userid = url.searchParams.get('uc_userid') ?? '';
  const token = url.searchParams.get('uc_token') ?? '';
  if (token === 'other-user') {
    return [200, { code: 0, data: { userid: 'someone-else' } }];
  }
  if (token !== `good-${userid}`) {
    return [200, { code: 40001, message: 'token expired' }];
  }
  return [
    200,
    {
      code: 0,
      data: {
        userid,
        nickname: `SSO ${userid}`,
        avatar: 'https://sso.example.cn/a.png',
        ...(userid.startsWith('phone-') ? { phone: '13655550000' } : {}),
      },
    },
  ];
}

/** The test WeChat API: code `c-<name>` is user <name> (unionid u-<name>); anything else errcode 40029. */
function wechatAnswer(url: URL): [number, unknown] {
  if (url.pathname === '/sns/oauth2/access_token') {
    const code = url.searchParams.get('code') ?? '';
    if (!code.startsWith('c-') || url.searchParams.get('secret') === null) {
      return [200, { errcode: 40029, errmsg: 'invalid code' }];
    }
    const name = code.slice(2);
    return [
      200,
      {
        access_token: `at-${name}`,
        openid: `o-${url.searchParams.get('appid')}-${name}`,
        unionid: `u-${name}`,
      },
    ];
  }
  if (url.pathname === '/sns/userinfo') {
    const name = (url.searchParams.get('access_token') ?? '').slice(3);
    return [
      200,
      {
        openid: url.searchParams.get('openid'),
        nickname: `微信${name}`,
        headimgurl: `https://wx.example.cn/${name}.png`,
        unionid: `u-${name}`,
      },
    ];
  }
  return [404, { errcode: -1 }];
}

describe.each(testDatabases())('third-party sign-in on %s', (kind) => {
  let sso: Peer;
  let wechat: Peer;
  let t: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    sso = await startPeer(ssoAnswer);
    wechat = await startPeer(wechatAnswer);
    t = await buildTestApp(kind, {
      env: {
        SSO_VERIFY_URL: `${sso.url}/verify`,
        WX_API_BASE: wechat.url,
        WX_OPEN_APPID: 'wxopen',
        WX_OPEN_SECRET: 'open-secret',
        WX_MP_APPID: 'wxmp',
        WX_MP_SECRET: 'mp-secret',
        PUBLIC_URL: 'https://portal.example.cn',
      },
    });
    bare = await buildTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await bare.close();
    await sso.close();
    await wechat.close();
  });

  const get = async <T>(app: TestApp, url: string) => {
    const res = await app.app.inject({ method: 'GET', url, remoteAddress: freshIp() });
    return { status: res.statusCode, body: res.json<Reply<T>>() };
  };
  const ucoss = (app: TestApp, toolid: string, userid: string, token: string) =>
    get<TThirdPartyLoginReply>(
      app,
      `/api/ucoss?uc_toolid=${toolid}&uc_userid=${userid}&uc_token=${encodeURIComponent(token)}`,
    );
  const profileOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/set/get_user_info', headers: { token } })).json<
      Reply<{ phone: string; nickname: string; avatar: string }>
    >().data;
  const sendCode = async (phone: string) => {
    t.clock.advance(61);
    await t.app.inject({ method: 'GET', url: `/api/sendCode?phone=${phone}`, remoteAddress: freshIp() });
    return t.sms.lastCode(phone);
  };
  const bindPhone = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bindPhone',
      payload,
      remoteAddress: freshIp(),
    });
    return { status: res.statusCode, body: res.json<Reply<{ token: string } | null>>() };
  };

  it('says clearly when SSO or WeChat is not configured', async () => {
    expect((await ucoss(bare, 't1', 'u1', 'good-u1')).body).toEqual({
      code: -1,
      message: MSG.ssoNotConfigured,
      data: null,
    });
    expect((await get(bare, '/api/wx/status')).body.data).toEqual({ open: false, official: false });
    expect((await get(bare, '/api/wxLoginQR')).body).toEqual({
      code: -1,
      message: MSG.wechatNotConfigured,
      data: null,
    });
    expect((await get(bare, '/api/wx/official/login/qrcode')).body.message).toBe(MSG.wechatNotConfigured);
    expect((await get(t, '/api/wx/status')).body.data).toEqual({ open: true, official: true });
  });

  it('signs an SSO user with a phone straight in, on the account of that phone', async () => {
    const first = await ucoss(t, 'tool9', 'phone-ann', 'good-phone-ann');
    expect(first.body).toMatchObject({
      code: 0,
      data: { need_bind: 0, bind: null, login: { token: expect.any(String), login_role_type: [1] } },
    });
    expect(sso.seen.at(-1)?.searchParams.toString()).toBe(
      'uc_toolid=tool9&uc_userid=phone-ann&uc_token=good-phone-ann',
    );
    const user = await profileOf(first.body.data.login?.token ?? '');
    expect(user).toEqual({ phone: '13655550000', nickname: 'SSO phone-ann', avatar: '', email: '' });
  });

  it('asks for a phone for an unknown SSO user, binds it with an SMS code, then signs straight in', async () => {
    const first = await ucoss(t, 'tool9', 'bob', 'good-bob');
    expect(first.body.data).toMatchObject({
      need_bind: 1,
      login: null,
      bind: { type: 'sso', nickname: 'SSO bob', bind_ticket: expect.any(String) },
    });
    const bind = first.body.data.bind!;
    const code = await sendCode('13600001111');
    const wrong = await bindPhone({
      ...bind,
      phone: '13600001111',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.message).toBe(MSG.codeWrong);
    const forged = await bindPhone({ ...bind, bind_ticket: 'x'.repeat(32), phone: '13600001111', code });
    expect(forged.body).toEqual({ code: -1, message: MSG.bindExpired, data: null });
    const bound = await bindPhone({ ...bind, phone: '13600001111', code });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(await profileOf(bound.body.data?.token ?? '')).toMatchObject({
      phone: '13600001111',
      nickname: 'SSO bob',
    });
    expect(
      (await bindPhone({ ...bind, phone: '13600001111', code: await sendCode('13600001111') })).body.message,
    ).toBe(MSG.bindExpired);
    const again = await ucoss(t, 'tool9', 'bob', 'good-bob');
    expect(again.body.data.need_bind).toBe(0);
    expect((await profileOf(again.body.data.login?.token ?? '')).phone).toBe('13600001111');
  });

  it('binding shares the login cap on wrong codes per phone: after 10 wrong ones even the right code is refused', async () => {
    const bind = (await ucoss(t, 'tool9', 'dora', 'good-dora')).body.data.bind!;
    const phone = '13600004444';
    for (let round = 0; round < 2; round++) {
      const code = await sendCode(phone);
      for (let i = 0; i < 5; i++) {
        const wrong = await bindPhone({ ...bind, phone, code: code === '000000' ? '111111' : '000000' });
        expect(wrong.status).toBe(400);
      }
    }
    const right = await bindPhone({ ...bind, phone, code: await sendCode(phone) });
    expect(right).toEqual({ status: 429, body: { code: -1, message: MSG.codeWrongTooOften, data: null } });
  });

  it('refuses a bind ticket older than 30 minutes', async () => {
    const bind = (await ucoss(t, 'tool9', 'carl', 'good-carl')).body.data.bind!;
    t.clock.advance(31 * 60);
    expect(
      (await bindPhone({ ...bind, phone: '13600002222', code: await sendCode('13600002222') })).body.message,
    ).toBe(MSG.bindExpired);
  });

  it('refuses bad, borrowed or missing SSO tokens, and says so when the SSO is down', async () => {
    expect((await ucoss(t, 'tool9', 'bob', 'forged')).body).toEqual({
      code: -1,
      message: MSG.ssoRefused,
      data: null,
    });
    expect((await ucoss(t, 'tool9', 'bob', 'other-user')).body.message).toBe(MSG.ssoRefused);
    expect((await ucoss(t, 'down', 'bob', 'good-bob')).body).toEqual({
      code: -1,
      message: MSG.ssoFailed,
      data: null,
    });
    const missing = await get(t, '/api/ucoss?uc_toolid=tool9&uc_userid=bob');
    expect(missing).toEqual({ status: 400, body: { code: -1, message: MSG.ssoRefused, data: null } });
  });

  it('signs in with the website WeChat QR: bind once, then straight in', async () => {
    const qr = (await get<TWechatQr>(t, '/api/wxLoginQR')).body.data;
    const page = new URL(qr.url);
    expect(page.origin + page.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(page.searchParams.get('appid')).toBe('wxopen');
    expect(page.searchParams.get('redirect_uri')).toBe('https://portal.example.cn/connect');
    const state = page.searchParams.get('state') ?? '';
    expect(await get(t, `/api/wx/official/login?code=c-dan&state=nope`)).toMatchObject({
      body: { code: -1, message: MSG.wechatExpired },
    });
    expect((await get(t, `/api/wx/official/login?code=bad&state=${state}`)).body.message).toBe(
      MSG.wechatExpired,
    );
    const first = await get<TWechatLoginReply>(t, `/api/wx/official/login?code=c-dan&state=${state}`);
    expect(first.body.data).toMatchObject({
      waiting: false,
      need_bind: 1,
      bind: {
        type: 'wechat',
        wx_unionid: 'u-dan',
        nickname: '微信dan',
        avatar: 'https://wx.example.cn/dan.png',
      },
    });
    expect((await get(t, `/api/wx/official/login?code=c-dan&state=${state}`)).body.message).toBe(
      MSG.wechatExpired,
    );
    const bound = await bindPhone({
      ...first.body.data.bind,
      phone: '13600003333',
      code: await sendCode('13600003333'),
    });
    expect(await profileOf(bound.body.data?.token ?? '')).toMatchObject({ nickname: '微信dan', avatar: '' });

    const state2 = new URL((await get<TWechatQr>(t, '/api/wxLoginQR')).body.data.url).searchParams.get(
      'state',
    );
    const second = await get<TWechatLoginReply>(t, `/api/wx/official/login?code=c-dan&state=${state2}`);
    expect(second.body.data.need_bind).toBe(0);
    expect((await profileOf(second.body.data.login?.token ?? '')).phone).toBe('13600003333');
  });

  it('signs the desktop in once the phone scanned the official-account QR (same WeChat user via unionid)', async () => {
    const qr = (await get<TWechatQr>(t, '/api/wx/official/login/qrcode')).body.data;
    expect(qr.qrcode).toMatch(/^data:image\/png;base64,/);
    const state = new URL(qr.url).searchParams.get('state') ?? '';
    expect(new URL(qr.url).searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(
      (await get<TWechatLoginReply>(t, `/api/wx/official/login?poll=${qr.poll}`)).body.data,
    ).toMatchObject({ waiting: true, login: null });
    expect((await get(t, `/api/wx/official/login?poll=${state}`)).body.message).toBe(MSG.wechatExpired);
    const phone = await get<TWechatLoginReply>(t, `/api/wx/official/login?code=c-dan&state=${state}`);
    expect(phone.body.data).toEqual({ waiting: false, need_bind: 0, login: null, bind: null });
    const desktop = await get<TWechatLoginReply>(t, `/api/wx/official/login?poll=${qr.poll}`);
    expect(desktop.body.data).toMatchObject({ waiting: false, need_bind: 0 });
    expect((await profileOf(desktop.body.data.login?.token ?? '')).phone).toBe('13600003333');
    expect((await get(t, `/api/wx/official/login?poll=${qr.poll}`)).body.message).toBe(MSG.wechatExpired);
  });

  it('lets a WeChat QR expire after 10 minutes', async () => {
    const qr = (await get<TWechatQr>(t, '/api/wx/official/login/qrcode')).body.data;
    t.clock.advance(11 * 60);
    expect((await get(t, `/api/wx/official/login?poll=${qr.poll}`)).body).toEqual({
      code: -1,
      message: MSG.wechatExpired,
      data: null,
    });
  });

  it('refuses SSO sign-in to an account an admin disabled, and lets it in again once enabled', async () => {
    const first = await ucoss(t, 'tool9', 'phone-ann', 'good-phone-ann');
    expect(first.body.code).toBe(0);
    // Disabled as the back-office does it (admin-users.test.ts covers the API itself).
    await t.db.kysely.updateTable('users').set({ status: 0 }).where('phone', '=', '13655550000').execute();
    expect((await ucoss(t, 'tool9', 'phone-ann', 'good-phone-ann')).body).toEqual({
      code: -1,
      message: MSG.accountDisabled,
      data: null,
    });
    await t.db.kysely.updateTable('users').set({ status: 1 }).where('phone', '=', '13655550000').execute();
    expect((await ucoss(t, 'tool9', 'phone-ann', 'good-phone-ann')).body.code).toBe(0);
  });

  it('counts each sign-in by its method for the back-office analytics', async () => {
    const logins = async () => {
      const rows = await t.db.kysely
        .selectFrom('analytics_daily')
        .select(['content_type', 'count'])
        .where('metric', '=', 'login')
        .execute();
      const by = (method: string) =>
        rows.filter((r) => r.content_type === method).reduce((n, r) => n + Number(r.count), 0);
      return { phone: by('phone'), sso: by('sso'), wechat: by('wechat') };
    };
    const before = await logins();
    expect((await ucoss(t, 'tool9', 'phone-ann', 'good-phone-ann')).body.code).toBe(0);
    const state = new URL((await get<TWechatQr>(t, '/api/wxLoginQR')).body.data.url).searchParams.get(
      'state',
    );
    const wx = await get<TWechatLoginReply>(t, `/api/wx/official/login?code=c-dan&state=${state}`);
    expect(wx.body.data.login?.token).toEqual(expect.any(String));
    // A refused SSO token opens no session and counts nothing.
    expect((await ucoss(t, 'tool9', 'bob', 'forged')).body.code).toBe(-1);
    expect(await logins()).toEqual({ phone: before.phone, sso: before.sso + 1, wechat: before.wechat + 1 });
  });
});
