import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHeadline, addSubscriber } from '../../modules/digest/digest.fixtures.ts';
import { createDigestService } from '../../modules/digest/digest.service.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { resolveAppSecret } from '../app-secret.ts';
import { mailerFromConfig } from '../mail/mailer-from-config.ts';
import { isLoopback, METRICS_MESSAGES } from './metrics.routes.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line, e.g. `portal_http_requests_total{method="GET",…}`, or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((pair) => (match[2] ?? '').split(',').includes(pair))) {
      return Number(match[3]);
    }
  }
  return 0;
}

describe.each(testDatabases())('metrics on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 1 });
    token = (await login(t, '13800000001')).token;
  }, 120_000);
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const detail = { method: 'GET', route: '/api/user/favorite/detail', status: '200' };
    for (const id of [101, 102, 103]) {
      await t.app.inject({
        method: 'GET',
        url: `/api/user/favorite/detail?favorite_id=${id}`,
        headers: { token },
      });
    }
    await t.app.inject({ method: 'GET', url: '/api/menu' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call-4711' });
    const after = await scrape();
    const counted = (labels: Record<string, string>) =>
      sample(after, 'portal_http_requests_total', labels) -
      sample(before, 'portal_http_requests_total', labels);
    expect(counted({ ...detail, status: '200' }) + counted({ ...detail, status: '400' })).toBe(3);
    expect(counted({ method: 'GET', route: '/api/menu', status: '401' })).toBe(1);
    expect(counted({ method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    expect(after).not.toContain('favorite_id=101');
    expect(after).not.toContain('no-such-call-4711');
    expect(
      sample(after, 'portal_http_request_duration_seconds_count', { method: 'GET', route: '/api/menu' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('times searches by engine and counts the PDF jobs of the import', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { tn: 'all', keyword: '指标测试关键词', page: 1, page_size: 10, source: 'PC' },
    });
    const text = await scrape();
    expect(sample(text, 'portal_search_duration_seconds_count', { engine: kind })).toBeGreaterThanOrEqual(1);
    // The seeded demo report went through the PDF pipeline.
    expect(
      sample(text, 'portal_ingest_jobs_total', { kind: 'process', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_ingest_queue_jobs', { kind: 'process' })).toBe(0);
  });

  it('counts digests planned and sent', async () => {
    const now = t.clock.now().getTime();
    await addSubscriber(t.db, { email: 'metrics@example.com', keywords: ['储能'], now });
    await addHeadline(t.db, { title: '储能电站并网', published_at: now - 3_600_000 });
    const mailer = mailerFromConfig(t.config);
    const digest = createDigestService({
      db: t.db,
      mailer,
      clock: t.clock,
      publicUrl: 'https://portal.test',
      timeZone: 'Asia/Shanghai',
      secret: resolveAppSecret(t.config),
    });
    const before = await scrape();
    const plan = await digest.plan({ trigger: 'manual' });
    const sent = await digest.sendDue();
    await mailer.close();
    const after = await scrape();
    const delta = (outcome: string) =>
      sample(after, 'portal_digest_deliveries_total', { outcome }) -
      sample(before, 'portal_digest_deliveries_total', { outcome });
    expect(plan.planned).toBeGreaterThanOrEqual(1);
    expect(delta('planned')).toBe(plan.planned);
    expect(delta('sent')).toBe(sent.sent);
  });

  it('answers only scrapers on this machine, and not through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ code: -1, message: METRICS_MESSAGES.loopbackOnly, data: null });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { seed: false, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('needs the bearer token, from anywhere, loopback included', async () => {
    const remote = { remoteAddress: '203.0.113.9' };
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
      ...remote,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('portal_http_requests_total');
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json(), authorization).toEqual({ code: -1, message: METRICS_MESSAGES.badToken, data: null });
    }
  });
});

describe('isLoopback', () => {
  it('knows loopback addresses in every spelling', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '', undefined].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
