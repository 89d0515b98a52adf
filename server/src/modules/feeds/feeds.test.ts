import {
  MSG,
  type TAdminFeed,
  type TAdminFeedPollReply,
  type TAdminFeedsReply,
  type TAuditEntry,
  type TSearchReply,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeGbk,
  serve,
  startFeedServer,
  type FeedServer,
} from '../../platform/feed-fetch/test-feed-server.ts';
import { loadUserWords } from '../../search/segmenter.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createContentIndexer } from '../admin-content/content-indexer.ts';
import { createAuditLog } from '../audit/audit.service.ts';
import { createDigestRepo } from '../digest/digest.repo.ts';
import { atom, jsonFeed, rdf, rss, type FixtureItem } from './feed-fixtures.ts';
import { createFeedsRepo } from './feeds.repo.ts';
import { startFeedScheduler } from './feeds.scheduler.ts';
import { createFeedsService } from './feeds.service.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

describe.each(testDatabases())('feed sources on %s', (kind) => {
  let t: TestApp;
  let s: FeedServer;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { FEED_ALLOW_HOSTS: '127.0.0.1' } });
    s = await startFeedServer();
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await t?.close();
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = admin,
  ) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const addFeed = async (path: string, name: string, extra: object = {}) => {
    const res = await call<{ id: number }>('POST', '/api/admin/feeds', {
      url: `${s.base}${path}`,
      name,
      ...extra,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data.id;
  };
  const poll = async (id: number) => {
    const res = await call<TAdminFeedPollReply>('POST', `/api/admin/feeds/${id}/poll`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const feed = async (id: number) =>
    (await call<TAdminFeedsReply>('GET', '/api/admin/feeds?page_size=100')).body.data.data.find(
      (f) => f.id === id,
    ) as TAdminFeed;
  const searchTitles = async (keyword: string) =>
    (await call<TSearchReply>('POST', '/api/search', { tn: 'business', keyword }, user)).body.data.data.map(
      (h) => h._source.title,
    );
  const headlines = (where: { title?: string; source?: string }) =>
    t.db.kysely
      .selectFrom('headlines')
      .selectAll()
      .$if(where.title !== undefined, (q) => q.where('title', '=', where.title ?? ''))
      .$if(where.source !== undefined, (q) => q.where('source_name', '=', where.source ?? ''))
      .orderBy('id')
      .execute();
  const NOW = () => t.clock.now().getTime();

  it('reads RSS, Atom, RDF and JSON Feed into published, searchable headlines under the feed name', async () => {
    const item = (word: string, n: number): FixtureItem => ({
      guid: `${word}-${n}`,
      title: `${word}储能电站并网运行第${n}期`,
      link: `/news/${word}/${n}`,
      html: `<p>${word}储能电站正文${n}</p>`,
      summary: `${word}摘要${n}`,
      date: 'Sat, 21 Nov 2026 08:00:00 GMT',
    });
    s.routes['/rss'] = serve(rss([item('瑞思', 1), item('瑞思', 2)]));
    s.routes['/atom'] = serve(
      atom([{ ...item('阿童', 1), date: '2026-11-21T08:00:00Z' }]),
      'application/atom+xml',
    );
    s.routes['/rdf'] = serve(
      rdf([{ ...item('阿迪', 1), link: `${s.base}/rdf/1`, date: '2026-11-21T08:00:00Z' }]),
      'application/rdf+xml',
    );
    s.routes['/json'] = serve(
      jsonFeed([{ ...item('杰森', 1), date: '2026-11-21T08:00:00Z' }]),
      'application/feed+json',
    );
    const expected = { '/rss': 2, '/atom': 1, '/rdf': 1, '/json': 1 } as const;
    for (const [path, added] of Object.entries(expected)) {
      const id = await addFeed(path, `源${path.slice(1)}`);
      expect(await poll(id), path).toEqual({ added, updated: 0, skipped: 0 });
      const f = await feed(id);
      expect(f.last_status).toBe('ok');
      expect(f.last_added).toBe(added);
      expect(f.last_fetched_at).toBe(NOW());
    }
    const [rssRow] = await headlines({ title: '瑞思储能电站并网运行第1期' });
    expect(rssRow?.source_name).toBe('源rss');
    expect(rssRow?.source_url).toBe(`${s.base}/news/瑞思/1`.replace('瑞思', encodeURIComponent('瑞思')));
    expect(rssRow?.description).toBe('瑞思摘要1');
    expect(rssRow?.content).toBe('<p>瑞思储能电站正文1</p>');
    expect(rssRow?.status).toBe('published');
    expect(rssRow?.published_at).toBe(Date.parse('2026-11-21T08:00:00Z'));
    expect(rssRow?.created_at).toBe(NOW());
    for (const word of ['瑞思', '阿童', '阿迪', '杰森']) {
      expect(await searchTitles(`${word}储能电站`), word).toContain(`${word}储能电站并网运行第1期`);
    }
    // They arrived now, so the next digest's window holds them.
    const window = await createDigestRepo(t.db).headlinesArrivedBetween(NOW() - 60_000, NOW(), 0);
    expect(window.map((h) => h.title)).toContain('杰森储能电站并网运行第1期');
  });

  it('decodes a GB18030 feed', async () => {
    const body = Buffer.concat([
      Buffer.from(
        '<?xml version="1.0" encoding="GB18030"?><rss version="2.0"><channel><title>t</title><item><guid>gb-1</guid><title>',
      ),
      encodeGbk('钠离子电池量产线投产'),
      Buffer.from('</title><description>'),
      encodeGbk('首条钠离子电池产线'),
      Buffer.from('</description></item></channel></rss>'),
    ]);
    s.routes['/gb'] = serve(body, 'application/rss+xml');
    const id = await addFeed('/gb', '国标源');
    expect(await poll(id)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect((await headlines({ source: '国标源' }))[0]?.title).toBe('钠离子电池量产线投产');
  });

  it('indexes a polled headline under the word stamp of the words its parser thread loaded', async () => {
    // jieba keeps 宁德时代 whole and cuts 时代周报 apart here: the thread indexes it all the same.
    loadUserWords(['宁德时代', '时代周报']);
    const title = '宁德时代周报：钠电池装车';
    s.routes['/stamp'] = serve(rss([{ guid: 'stamp-1', title }]));
    const id = await addFeed('/stamp', '周报源');
    expect(await poll(id)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect(await searchTitles('时代周报')).toContain(title);
    const { rows } = await sql<{ dict_id: number | string }>`
      SELECT dict_id FROM search_docs WHERE title = ${title}`.execute(t.db.kysely);
    // Registered with the words loaded before it, so at least two ids; -1 would keep every
    // user word of the whole index on its bigram phrase.
    expect(Number(rows[0]?.dict_id)).toBeGreaterThanOrEqual(2);
  });

  it('asks conditionally and reads nothing on 304', async () => {
    const requests: (string | undefined)[] = [];
    s.routes['/etag'] = (req, res) => {
      requests.push(req.headers['if-none-match']);
      if (req.headers['if-none-match'] === '"e1"') {
        res.writeHead(304).end();
        return;
      }
      res
        .writeHead(200, { etag: '"e1"', 'content-type': 'text/xml' })
        .end(rss([{ guid: 'etag-1', title: '条件请求测试头条' }]));
    };
    const id = await addFeed('/etag', '条件源');
    expect(await poll(id)).toEqual({ added: 1, updated: 0, skipped: 0 });
    t.clock.advance(60);
    expect(await poll(id)).toEqual({ added: 0, updated: 0, skipped: 0 });
    expect(requests).toEqual([undefined, '"e1"']);
    const f = await feed(id);
    expect(f.last_status).toBe('ok');
    expect(f.last_fetched_at).toBe(NOW());
    expect(await headlines({ title: '条件请求测试头条' })).toHaveLength(1);
  });

  it('takes a story once across polls and sources, and updates a changed one in place', async () => {
    const a: FixtureItem = {
      guid: 'dup-a',
      title: '固态电池装车测试启动',
      link: 'http://news.example.com/a/',
      html: '<p>初版正文</p>',
    };
    const b: FixtureItem = {
      guid: 'dup-b',
      title: '固态电池材料价格回落',
      link: 'http://news.example.com/b',
      html: '<p>b</p>',
    };
    s.routes['/dup1'] = serve(rss([a, b]));
    const first = await addFeed('/dup1', '去重源一');
    expect(await poll(first)).toEqual({ added: 2, updated: 0, skipped: 0 });
    expect(await poll(first)).toEqual({ added: 0, updated: 0, skipped: 0 });
    // Another source carries b under another guid with a tracking link: the same story.
    s.routes['/dup2'] = serve(
      rss([{ ...b, guid: 'other-guid', link: 'http://NEWS.example.com/b/?utm_source=x&utm_medium=y#top' }]),
    );
    const second = await addFeed('/dup2', '去重源二');
    expect(await poll(second)).toEqual({ added: 0, updated: 0, skipped: 0 });
    expect(await headlines({ title: b.title })).toHaveLength(1);

    const [before] = await headlines({ title: a.title });
    s.routes['/dup1'] = serve(rss([{ ...a, title: '固态电池装车测试完成', html: '<p>更新正文</p>' }, b]));
    expect(await poll(first)).toEqual({ added: 0, updated: 1, skipped: 0 });
    const [after] = await headlines({ title: '固态电池装车测试完成' });
    expect(after?.id).toBe(before?.id);
    expect(after?.content).toBe('<p>更新正文</p>');
    expect(await headlines({ title: a.title })).toHaveLength(0);
    expect(await searchTitles('装车测试完成')).toContain('固态电池装车测试完成');
    expect(await searchTitles('装车测试启动')).not.toContain('固态电池装车测试启动');
  });

  it('cleans item HTML, bounds dates, resolves relative links and skips what cannot be used', async () => {
    const items: FixtureItem[] = [
      {
        guid: 'x1',
        title: '氢燃料电池<script>x</script>示范',
        html: '<p onclick="steal()">正文<script>alert(1)</script><img src="/i.png" onerror="x()"><a href="javascript:alert(1)">点</a></p>',
        link: '../story/1?a=1',
        date: 'Thu, 01 Jan 1970 00:00:00 GMT',
      },
      { guid: 'x2', title: '明年日期的氢能头条', html: '<p>未来</p>', date: 'Fri, 01 Jan 2027 00:00:00 GMT' },
      { guid: 'x3', title: '没有日期的氢能头条', html: '<p>无日期</p>', link: 'javascript:alert(1)' },
      { guid: 'x4', title: '', html: '<p>没有标题</p>' },
      { guid: 'x5', title: '正文超过上限的头条', html: `<p>${'长'.repeat(400_000)}</p>` },
    ];
    s.routes['/feeds/bad/items'] = serve(rss(items));
    const id = await addFeed('/feeds/bad/items', '清洗源');
    expect(await poll(id)).toEqual({ added: 3, updated: 0, skipped: 2 });
    const rows = await headlines({ source: '清洗源' });
    const byGuidTitle = Object.fromEntries(rows.map((r) => [r.title, r]));
    const cleaned = byGuidTitle['氢燃料电池示范'];
    expect(cleaned?.content).not.toMatch(/script|onclick|onerror|javascript/);
    expect(cleaned?.content).toContain('正文');
    expect(cleaned?.source_url).toBe(`${s.base}/feeds/story/1?a=1`);
    expect(cleaned?.published_at).toBe(NOW());
    expect(byGuidTitle['明年日期的氢能头条']?.published_at).toBe(NOW());
    expect(byGuidTitle['没有日期的氢能头条']?.published_at).toBe(NOW());
    expect(byGuidTitle['没有日期的氢能头条']?.source_url).toBe('');
  });

  it('takes the newest 1,000 of a 10,000-item feed', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      guid: `many-${i}`,
      title: `批量条目${i}`,
      summary: `s${i}`,
      date: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toUTCString(),
    }));
    s.routes['/many'] = serve(rss(many));
    const id = await addFeed('/many', '万条源');
    expect(await poll(id)).toEqual({ added: 1000, updated: 0, skipped: 9000 });
    const rows = await headlines({ source: '万条源' });
    expect(rows).toHaveLength(1000);
    expect(rows.some((r) => r.title === '批量条目9999')).toBe(true);
    expect(rows.some((r) => r.title === '批量条目8999')).toBe(false);
  }, 60_000);

  it('records a broken feed as the source status and leaves other sources alone', async () => {
    s.routes['/malformed'] = serve('<rss><channel><item><title>断了</ti', 'text/xml');
    s.routes['/e500'] = (_req, res) => void res.writeHead(500).end();
    s.routes['/redirect-loop'] = (_req, res) => void res.writeHead(302, { location: '/redirect-loop' }).end();
    s.routes['/good'] = serve(rss([{ guid: 'good-1', title: '正常源的头条' }]));
    const cases: [string, string][] = [
      ['/malformed', '不是可识别的 RSS、Atom、RDF 或 JSON Feed'],
      ['/e404', '服务器返回 404'],
      ['/e500', '服务器返回 500'],
      ['/redirect-loop', '重定向次数过多'],
    ];
    const good = await addFeed('/good', '正常源');
    const count = async () => (await headlines({})).length;
    for (const [path, error] of cases) {
      const id = await addFeed(path, `坏源${path}`);
      const before = await count();
      expect(await poll(id), path).toEqual({ added: 0, updated: 0, skipped: 0, error });
      expect(await count()).toBe(before);
      const f = await feed(id);
      expect(f.last_status).toBe('error');
      expect(f.last_error).toBe(error);
    }
    expect(await poll(good)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect((await feed(good)).last_status).toBe('ok');
  });

  it('records a server that never answers as that source’s time-out, and polls the others', async () => {
    s.routes['/hang'] = () => {}; // accepts the request, never answers
    s.routes['/after-hang'] = serve(rss([{ guid: 'after-hang-1', title: '超时源之后的正常头条' }]));
    const hang = await addFeed('/hang', '不应答源', { schedule: 'every_n_minutes', interval_minutes: 5 });
    const good = await addFeed('/after-hang', '超时后正常源', {
      schedule: 'every_n_minutes',
      interval_minutes: 5,
    });
    const feeds = createFeedsService({
      repo: createFeedsRepo(t.db),
      content: t.content,
      indexer: createContentIndexer({ db: t.db, search: t.search, clock: t.clock }),
      clock: t.clock,
      audit: createAuditLog(t.db, t.clock),
      allowHosts: ['127.0.0.1'],
      timeZone: 'Asia/Shanghai',
      fetch: { timeoutMs: 300 },
    });
    const before = (await headlines({})).length;
    t.clock.advance(6 * 60);
    const results = await feeds.pollDue(2, 100);
    expect(results.get(hang)).toEqual({ added: 0, updated: 0, skipped: 0, error: '抓取超时' });
    expect(results.get(good)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect((await headlines({})).length).toBe(before + 1);
    const f = await feed(hang);
    expect(f.last_status).toBe('error');
    expect(f.last_error).toBe('抓取超时');
    expect((await feed(good)).last_status).toBe('ok');
    await feeds.close();
    // Left in place, the source would be due again in the later tests that poll every due
    // source, which wait out the default time-out (15 s) on it.
    expect((await call('DELETE', `/api/admin/feeds/${hang}`)).body.code).toBe(0);
  });

  it('refuses to store a private or loopback address that is not allow-listed', async () => {
    const before = (await call<TAdminFeedsReply>('GET', '/api/admin/feeds')).body.data.total;
    for (const url of [
      'http://10.0.0.1/rss',
      'http://[::1]/rss',
      'http://169.254.169.254/latest',
      'http://192.168.1.1/feed',
    ]) {
      const res = await call('POST', '/api/admin/feeds', { url, name: '内网' });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(MSG.feedAddressRefused);
    }
    const bad = await call('POST', '/api/admin/feeds', { url: 'ftp://example.com/rss', name: '坏地址' });
    expect(bad.body.message).toBe(MSG.feedUrlInvalid);
    const interval = await call('POST', '/api/admin/feeds', {
      url: `${s.base}/rss`,
      name: '太频繁',
      schedule: 'every_n_minutes',
      interval_minutes: 2,
    });
    expect(interval.body.message).toBe(MSG.feedIntervalInvalid);
    expect((await call<TAdminFeedsReply>('GET', '/api/admin/feeds')).body.data.total).toBe(before);
    expect((await call('POST', '/api/admin/feeds', { url: `${s.base}/rss`, name: 'x' }, user)).status).toBe(
      403,
    );
  });

  it('edits, disables and deletes a source with each write audited; its headlines stay', async () => {
    s.routes['/edit'] = serve(rss([{ guid: 'edit-1', title: '编辑源的头条' }]));
    const id = await addFeed('/edit', '编辑源');
    await poll(id);
    const f = await feed(id);
    expect(f.schedule).toBe('weekdays_0800');
    // Next poll: Monday 2026-11-23 07:50 Asia/Shanghai (the clock is Sunday 10:00 there).
    expect(f.next_poll_at).toBe(Date.UTC(2026, 10, 22, 23, 50));
    const edited = await call<{ version: number }>('PUT', `/api/admin/feeds/${id}`, {
      url: `${s.base}/edit`,
      name: '编辑源改名',
      schedule: 'every_n_minutes',
      interval_minutes: 30,
      version: f.version,
    });
    expect(edited.body.code).toBe(0);
    const stale = await call('PUT', `/api/admin/feeds/${id}`, {
      url: `${s.base}/edit`,
      name: '旧版本',
      version: f.version,
    });
    expect(stale.status).toBe(409);
    expect((await feed(id)).next_poll_at).toBe(NOW() + 30 * 60_000);
    expect((await call('PUT', `/api/admin/feeds/${id}/enabled`, { enabled: false })).body.code).toBe(0);
    expect((await feed(id)).enabled).toBe(false);
    expect((await call('DELETE', `/api/admin/feeds/${id}`)).body.code).toBe(0);
    expect(await feed(id)).toBeUndefined();
    expect(await headlines({ title: '编辑源的头条' })).toHaveLength(1);
    const audit = (
      await call<{ data: TAuditEntry[] }>('GET', '/api/admin/audit?target_type=feed&page_size=100')
    ).body.data.data
      .filter((e) => e.target_id === id)
      .map((e) => e.action);
    expect(audit).toEqual(['feed.delete', 'feed.disable', 'feed.update', 'feed.poll', 'feed.create']);
  });

  it('polls a due source exactly once when two schedulers run on one database', async () => {
    const paths = ['/due1', '/due2', '/due3'];
    const ids: number[] = [];
    for (const path of paths) {
      s.routes[path] = (_req, res) => {
        // Slow enough that both schedulers see the sources due at the same time.
        setTimeout(
          () =>
            res
              .writeHead(200, { 'content-type': 'text/xml' })
              .end(rss([{ guid: `${path}-1`, title: `到期源${path}` }])),
          50,
        );
      };
      ids.push(await addFeed(path, `到期${path}`, { schedule: 'every_n_minutes', interval_minutes: 5 }));
    }
    const make = (owner: string) =>
      createFeedsService({
        repo: createFeedsRepo(t.db),
        content: t.content,
        indexer: createContentIndexer({ db: t.db, search: t.search, clock: t.clock }),
        clock: t.clock,
        audit: createAuditLog(t.db, t.clock),
        allowHosts: ['127.0.0.1'],
        timeZone: 'Asia/Shanghai',
        owner,
      });
    const services = [make('node-a'), make('node-b')];
    const one = startFeedScheduler({ feeds: services[0]!, tickMs: 0 });
    const two = startFeedScheduler({ feeds: services[1]!, tickMs: 0 });
    t.clock.advance(6 * 60);
    await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    for (const path of paths) {
      expect(s.hits(path), path).toBe(1);
    }
    for (const id of ids) {
      const f = await feed(id);
      expect(f.last_added).toBe(1);
      expect(f.next_poll_at).toBe(NOW() + 5 * 60_000);
    }
    await one.stop();
    await two.stop();
    await Promise.all(services.map((service) => service.close()));
  });
});
