import { CONTENT_INDEXES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatStandIn } from '../../platform/wechat/test/wechat-stand-in.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { qrPng, shareLink } from './share-qr.ts';

const MINI = { appId: 'wxmini0001', secret: 'mini-secret' };

describe.each(testDatabases())('GET /wxqrcode as a WeChat mini-program code on %s', (kind) => {
  let t: TestApp;
  let wechat: Awaited<ReturnType<typeof startWechatStandIn>>;
  let ids: number[];
  beforeAll(async () => {
    wechat = await startWechatStandIn(MINI);
    t = await buildTestApp(kind, {
      env: {
        WX_MINI_APPID: MINI.appId,
        WX_MINI_SECRET: MINI.secret,
        WX_MINI_PAGE: 'pages/share/index',
        WX_API_BASE: wechat.apiBase,
        PUBLIC_URL: 'https://portal.example.com',
      },
    });
    ids = await t.content.addHeadlines(
      Array.from({ length: 5 }, (_, i) => ({
        title: `头条 ${i}`,
        description: '',
        content: '<p>正文</p>',
        published_at: t.clock.now().getTime() - 60_000,
      })),
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  const qr = (id: number) =>
    t.app.inject({
      url: `/wxqrcode?type=wxqrcode_headline_detail&id=${id}&index=${CONTENT_INDEXES.business}`,
    });

  it('sends WeChat’s code for a scene naming the item, fetched once per item with one cached token', async () => {
    const [first = 0, second = 0] = ids;
    const res = await qr(first);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload).toEqual(wechat.served.get(`t=h&i=${first}`));
    expect(wechat.codeRequests.at(-1)).toEqual({
      token: 'TOKEN-1',
      body: { scene: `t=h&i=${first}`, page: 'pages/share/index', width: 280 },
    });

    expect((await qr(first)).rawPayload).toEqual(res.rawPayload);
    expect(wechat.codeRequests).toHaveLength(1);
    expect((await qr(second)).rawPayload).toEqual(wechat.served.get(`t=h&i=${second}`));
    expect(wechat.codeRequests).toHaveLength(2);
    expect(wechat.state.tokenCalls).toBe(1);
  });

  it('renews the token shortly before it expires, and at once when WeChat refuses it (40001)', async () => {
    const [, , third = 0, fourth = 0] = ids;
    t.clock.advance(7200 - 299);
    expect((await qr(third)).rawPayload).toEqual(wechat.served.get(`t=h&i=${third}`));
    expect(wechat.state.tokenCalls).toBe(2);

    wechat.rotateToken();
    const res = await qr(fourth);
    expect(res.rawPayload).toEqual(wechat.served.get(`t=h&i=${fourth}`));
    expect(wechat.state.tokenCalls).toBe(3);
    expect(wechat.codeRequests.slice(-2).map((r) => r.token)).toEqual(['TOKEN-2', 'TOKEN-3']);
  });

  it('falls back to the plain QR of the share link when WeChat answers an error, briefly cached', async () => {
    const fifth = ids[4] ?? 0;
    wechat.state.codeError = { errcode: 41030, errmsg: 'invalid page rid: 6543' };
    try {
      const res = await qr(fifth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const link = shareLink(
        'https://portal.example.com',
        'wxqrcode_headline_detail',
        String(fifth),
        'portal_business',
      );
      expect(res.rawPayload).toEqual(await qrPng(link));
    } finally {
      wechat.state.codeError = null;
    }
    // Failures are not cached: once WeChat answers again, the item gets its mini-program code.
    expect((await qr(fifth)).rawPayload).toEqual(wechat.served.get(`t=h&i=${fifth}`));
  });

  it('an unknown item is 404 without asking WeChat', async () => {
    const before = wechat.codeRequests.length;
    const res = await qr(999_999);
    expect(res.statusCode).toBe(404);
    expect(wechat.codeRequests).toHaveLength(before);
  });
});
