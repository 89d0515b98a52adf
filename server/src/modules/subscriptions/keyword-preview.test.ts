import { KEYWORD_PREVIEW_TOP, MSG, type TKeywordPreview } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { addHeadline } from '../digest/digest.fixtures.ts';

type Envelope<T> = { code: number; message: string; data: T };
const DAY = 24 * 3600_000;

describe.each(testDatabases())('subscription preview on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const now = () => t.clock.now().getTime();
  const preview = async (keyword: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/business/subscribe/preview?keyword=${encodeURIComponent(keyword)}`,
      headers: { token },
    });
    return { status: res.statusCode, body: res.json<Envelope<TKeywordPreview>>() };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false });
    token = (await login(t, '13900003001')).token;
    for (let i = 1; i <= 7; i++) {
      await addHeadline(t.db, { title: `固态电池进展${i}`, published_at: now() - i * 3600_000 });
    }
    await addHeadline(t.db, { title: '固态电池八天前', published_at: now() - 8 * DAY });
    await addHeadline(t.db, { title: '咖啡连锁扩张', published_at: now() - DAY });
  }, 120_000);
  afterAll(() => t.close());

  it('counts the last week’s matching headlines and lists the newest five, as the digest matches', async () => {
    const r = await preview('固态电池');
    expect(r.body.code).toBe(0);
    expect(r.body.data.count).toBe(7);
    expect(r.body.data.days).toBe(7);
    expect(r.body.data.top.map((h) => h.title)).toEqual([1, 2, 3, 4, 5].map((i) => `固态电池进展${i}`));
    expect(r.body.data.top).toHaveLength(KEYWORD_PREVIEW_TOP);
    expect((await preview('元宇宙')).body.data).toMatchObject({ count: 0, top: [] });
  });

  it('sees a headline added after the last preview', async () => {
    await addHeadline(t.db, { title: '固态电池量产', published_at: now() - 60_000 });
    const r = await preview('固态电池');
    expect(r.body.data.count).toBe(8);
    expect(r.body.data.top[0]?.title).toBe('固态电池量产');
  });

  it('refuses an empty keyword and a visitor', async () => {
    const empty = await preview('  ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.keywordRequired);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/business/subscribe/preview?keyword=x' });
    expect(anonymous.statusCode).toBe(401);
  });
});
