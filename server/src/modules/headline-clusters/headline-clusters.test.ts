import {
  CONTENT_INDEXES,
  type TAdminContentDetail,
  type TAdminContentListReply,
  type TAdminFeedPollReply,
  type TAdminStoryMember,
  type TAuditEntry,
  type TDetailReply,
  type THeadlineSource,
  type TSearchReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, startFeedServer, type FeedServer } from '../../platform/feed-fetch/test-feed-server.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { headlineDoc } from '../content/content-docs.ts';
import { createContentService } from '../content/content.service.ts';
import type { HeadlineRow } from '../content/headlines.repo.ts';
import { createDigestRepo } from '../digest/digest.repo.ts';
import { rss } from '../feeds/feed-fixtures.ts';
import { clusterExistingHeadlines } from './headline-clusters.ts';
import { LABELLED_PAIRS } from './labelled-pairs.ts';
import { sameStory, titleFigures } from './same-story.ts';
import { simhash } from './simhash.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

describe('the same-story rule on the labelled pairs', () => {
  it('joins no two different stories and catches most copies and rewrites', () => {
    const key = (x: { title: string; summary: string }) => ({
      simhash: simhash(x.title, x.summary) ?? '',
      figures: titleFigures(x.title),
    });
    const joined = LABELLED_PAIRS.map((p) => sameStory(key(p.a), key(p.b)));
    const wrong = LABELLED_PAIRS.filter((p, i) => joined[i] && !p.same).map((p) => p.a.title);
    expect(wrong).toEqual([]);
    const caught = (kind: string) =>
      LABELLED_PAIRS.filter((p, i) => p.kind === kind && joined[i]).length /
      LABELLED_PAIRS.filter((p) => p.kind === kind).length;
    expect(caught('copy')).toBeGreaterThanOrEqual(0.85);
    expect(caught('reworded')).toBeGreaterThanOrEqual(0.35);
  });
});

describe.each(testDatabases())('near-duplicate headlines on %s', (kind) => {
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

  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return res.json<Envelope<T>>();
  };
  const addAndPoll = async (path: string, name: string) => {
    const created = await call<{ id: number }>('POST', '/api/admin/feeds', { url: `${s.base}${path}`, name });
    expect(created.code, JSON.stringify(created)).toBe(0);
    return (await call<TAdminFeedPollReply>('POST', `/api/admin/feeds/${created.data.id}/poll`)).data;
  };
  const search = async (keyword: string) =>
    (await call<TSearchReply>('POST', '/api/search', { tn: 'business', keyword }, user)).data.data;
  const detail = async (id: number) =>
    (
      await call<TDetailReply<THeadlineSource>>(
        'POST',
        '/api/detail',
        { index: CONTENT_INDEXES.business, detail_id: String(id) },
        user,
      )
    ).data.detail_info._source;
  const idOf = async (title: string, source: string) =>
    (
      await t.db.kysely
        .selectFrom('headlines')
        .select('id')
        .where('title', '=', title)
        .where('source_name', '=', source)
        .executeTakeFirstOrThrow()
    ).id;

  const DATE = 'Sun, 22 Nov 2026 01:00:00 GMT';
  const story = {
    title: '比亚迪11月新能源汽车销量50.6万辆，同比增长12%',
    summary: '比亚迪12月1日晚间公告，11月新能源汽车销量为50.6万辆，同比增长12%，其中海外销量13.1万辆。',
  };
  const copy = {
    title: '比亚迪：11月新能源汽车销量50.6万辆 同比增长12%',
    summary: '比亚迪公告，11月新能源汽车销量为50.6万辆，同比增长12%，海外销量13.1万辆。',
  };
  const other = {
    title: '比亚迪10月新能源汽车销量44.2万辆，同比下降12%',
    summary: '比亚迪11月1日晚间公告，10月新能源汽车销量为44.2万辆，同比下降12%，其中海外销量8.4万辆。',
  };

  it('collapses one story from two sources into one card that names both, and keeps another story apart', async () => {
    s.routes['/cluster-a'] = serve(
      rss([
        { guid: 'a-1', link: 'http://a.example.com/1', date: DATE, ...story },
        { guid: 'a-2', link: 'http://a.example.com/2', date: DATE, ...other },
      ]),
    );
    s.routes['/cluster-b'] = serve(
      rss([{ guid: 'b-1', link: 'http://b.example.com/9', date: DATE, ...copy }]),
    );
    expect(await addAndPoll('/cluster-a', '汽车日报')).toEqual({ added: 2, updated: 0, skipped: 0 });
    // Another guid and link: not an exact duplicate, so it is stored — as a copy of the story.
    expect(await addAndPoll('/cluster-b', '电车观察')).toEqual({ added: 1, updated: 0, skipped: 0 });

    const first = await idOf(story.title, '汽车日报');
    const second = await idOf(copy.title, '电车观察');
    const apart = await idOf(other.title, '汽车日报');

    const hits = await search('比亚迪 新能源汽车销量');
    const ids = hits.map((h) => Number(h._id));
    expect(ids).toContain(first);
    expect(ids).not.toContain(second);
    expect(ids).toContain(apart);
    expect(hits.find((h) => Number(h._id) === first)?._source.source_count).toBe(2);
    expect(hits.find((h) => Number(h._id) === apart)?._source.source_count).toBeUndefined();

    const card = await detail(first);
    expect(card.other_sources?.map((o) => [o.id, o.source_name, o.source_url])).toEqual([
      [second, '电车观察', 'http://b.example.com/9'],
    ]);
    expect((await detail(second)).other_sources?.map((o) => o.id)).toEqual([first]);
    expect((await detail(apart)).other_sources).toBeUndefined();

    // The digest sends the story once (and the other story too).
    const now = t.clock.now().getTime();
    const window = await createDigestRepo(t.db).headlinesArrivedBetween(now - 60_000, now, 0);
    const sent = window.map((h) => h.id);
    expect(sent).toContain(first);
    expect(sent).not.toContain(second);
    expect(sent).toContain(apart);
  });

  it('shows the next headline of the story when its card is unpublished', async () => {
    const first = await idOf(story.title, '汽车日报');
    const second = await idOf(copy.title, '电车观察');
    expect((await call('POST', `/api/admin/content/headline/${first}/unpublish`)).code).toBe(0);
    const ids = (await search('比亚迪 新能源汽车销量')).map((h) => Number(h._id));
    expect(ids).toContain(second);
    expect(ids).not.toContain(first);
    expect((await call('POST', `/api/admin/content/headline/${first}/publish`)).code).toBe(0);
    const again = (await search('比亚迪 新能源汽车销量')).map((h) => Number(h._id));
    expect(again).toContain(first);
    expect(again).not.toContain(second);
  });

  it('lets an admin split a headline out of a story it was wrongly joined to', async () => {
    const first = await idOf(story.title, '汽车日报');
    const second = await idOf(copy.title, '电车观察');
    // The back-office's table marks both as one story.
    const sizes = async () => {
      const rows = (await call<TAdminContentListReply>('GET', '/api/admin/content/headline?page_size=100'))
        .data.data;
      return [first, second, await idOf(other.title, '汽车日报')].map(
        (id) => rows.find((r) => r.id === id)?.story_size,
      );
    };
    expect(await sizes()).toEqual([2, 2, undefined]);
    const editor = await call<TAdminContentDetail>('GET', `/api/admin/content/headline/${first}`);
    expect((editor.data.fields.same_story as TAdminStoryMember[]).map((m) => [m.id, m.source_name])).toEqual([
      [second, '电车观察'],
    ]);
    // A reader cannot; an unknown headline is not found.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/headlines/${first}/split`,
      headers: { token: user },
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', '/api/admin/headlines/999999/split')).message).toBe('内容不存在或已下架');

    // The story's first headline goes its own way; the copy becomes a card of its own.
    const split = await call('POST', `/api/admin/headlines/${first}/split`);
    expect([split.code, split.message]).toEqual([0, '已拆分为独立事件']);
    const hits = await search('比亚迪 新能源汽车销量');
    const ids = hits.map((h) => Number(h._id));
    expect(ids).toContain(first);
    expect(ids).toContain(second);
    expect(hits.find((h) => Number(h._id) === first)?._source.source_count).toBeUndefined();
    expect(hits.find((h) => Number(h._id) === second)?._source.source_count).toBeUndefined();
    expect((await detail(first)).other_sources).toBeUndefined();
    expect((await detail(second)).other_sources).toBeUndefined();

    expect(await sizes()).toEqual([undefined, undefined, undefined]);
    const again = await call('POST', `/api/admin/headlines/${first}/split`);
    expect([again.code, again.message]).toEqual([-1, '这条头条没有同一事件的其他来源']);
    const audit = await call<{ data: TAuditEntry[] }>(
      'GET',
      `/api/admin/audit?target_type=headline&target_id=${first}`,
    );
    expect(audit.data.data[0]).toMatchObject({
      action: 'headline.split',
      before: { same_story: [`${copy.title}（电车观察）`] },
    });
  });

  it('keeps candidates between batches yet sees another writer’s story and forgets a deleted one', async () => {
    const at = t.clock.now().getTime() - 7_200_000;
    const headline = (title: string, description: string, source_name: string) => ({
      title,
      description,
      source_name,
      published_at: at,
    });
    // A batch of this service: reads (and keeps) the candidates of its window.
    await t.content.addHeadlines([
      headline(
        '泡泡玛特第三季度营收增长245%，海外收入翻三倍',
        '泡泡玛特公布三季度业绩，营收同比增长245%至250亿元。',
        '潮玩周刊',
      ),
    ]);
    // Another writer (a second process: its own content service) adds a story meanwhile.
    const elsewhere = createContentService({
      db: t.db,
      storage: t.storage,
      search: t.search,
      clock: t.clock,
    });
    const [theirs] = await elsewhere.addHeadlines([
      headline(
        '安克创新前三季度净利润19.3亿元，同比增长27%',
        '安克创新发布三季报，前三季度归母净利润19.3亿元，同比增长27%。',
        '深交所公告',
      ),
    ]);
    const [copy] = await t.content.addHeadlines([
      headline(
        '安克创新：前三季度净利润19.3亿元 同比增长27%',
        '安克创新三季报显示，前三季度归母净利润19.3亿元，同比增长27%。',
        '电子周刊',
      ),
    ]);
    const clusterOf = async (id: number) =>
      (
        await t.db.kysely
          .selectFrom('headlines')
          .select('cluster_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).cluster_id;
    expect(await clusterOf(copy as number)).toBe(await clusterOf(theirs as number));

    // A story deleted after it was read is not joined: the copy starts its own cluster.
    const [gone] = await t.content.addHeadlines([
      headline(
        '理想汽车10月交付量4.1万辆，同比下降38%',
        '理想汽车公布10月交付数据，共交付新车4.1万辆，同比下降38%。',
        '汽车日报',
      ),
    ]);
    await t.db.kysely
      .deleteFrom('headlines')
      .where('id', '=', gone as number)
      .execute();
    const [late] = await t.content.addHeadlines([
      headline(
        '理想汽车：10月交付量4.1万辆 同比下降38%',
        '理想汽车10月共交付新车4.1万辆，同比下降38%。',
        '电车观察',
      ),
    ]);
    expect(await clusterOf(late as number)).toBe(late);
  });

  it('clusters headlines written before clustering existed and takes their copies out of search', async () => {
    const [a, b] = await t.content.addHeadlines([
      {
        title: '蜜雪冰城港股上市首日大涨43%，市值突破千亿港元',
        description: '蜜雪冰城今日在港交所挂牌上市，收盘涨幅43%，总市值突破1000亿港元。',
        source_name: '港股通',
        published_at: t.clock.now().getTime() - 3_600_000,
      },
      {
        title: '蜜雪冰城港股上市首日大涨43% 市值突破千亿港元',
        description: '蜜雪冰城今日在港交所挂牌上市，收盘涨幅43%，总市值突破1000亿港元。',
        source_name: '新茶饮周刊',
        published_at: t.clock.now().getTime() - 3_500_000,
      },
    ]);
    expect((await search('蜜雪冰城 港股上市')).map((h) => Number(h._id))).toEqual([a]);
    // As a database from before migration 2026112702 holds them: no fingerprint, both indexed.
    await t.db.kysely
      .updateTable('headlines')
      .set({ simhash: null, cluster_id: null })
      .where('id', 'in', [a as number, b as number])
      .execute();
    const [row] = await t.db.kysely
      .selectFrom('headlines')
      .selectAll()
      .where('id', '=', b as number)
      .execute();
    await t.search.upsert([headlineDoc(row as HeadlineRow, 0)]);
    expect((await search('蜜雪冰城 港股上市')).map((h) => Number(h._id)).sort()).toEqual([a, b].sort());
    expect(await clusterExistingHeadlines(t.db, t.search)).toEqual({ copies: 1 });
    expect((await search('蜜雪冰城 港股上市')).map((h) => Number(h._id))).toEqual([a]);
  });
});
