import {
  CONTENT_INDEXES,
  MSG,
  ZAdminContentListReply,
  ZAdminFeedbackReply,
  ZAdminIdReply,
  ZAdminStateReply,
  type TSearchReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDigestRepo } from '../digest/digest.repo.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };
const HOUR = 3_600_000;

describe.each(testDatabases())('back-office content on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  /** Two headlines sharing a rare word, so search, the headline list and recommendations find both. */
  let target: number;
  let sibling: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    const now = t.clock.now().getTime();
    [target, sibling] = (await t.content.addHeadlines([
      {
        title: '新能源汽车氢能重卡示范线路开通',
        content: '<p>氢能重卡在港口集疏运线路上投入运营。</p>',
        source_name: '界面新闻',
        published_at: now - HOUR,
      },
      {
        title: '新能源汽车氢能重卡加氢站建设提速',
        content: '<p>多地加氢站建设提速，氢能重卡运营成本下降。</p>',
        source_name: '界面新闻',
        published_at: now - 2 * HOUR,
      },
    ])) as [number, number];
  }, 120_000);
  afterAll(() => t.close());

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const searchIds = async (keyword: string) =>
    (await call<TSearchReply>('POST', '/api/search', user, { tn: 'all', keyword })).body.data.data.map(
      (h) => h._id,
    );
  const headlineListIds = async () =>
    (
      await call<TSearchReply>('POST', '/api/business/list', user, {
        tn: 'business',
        keyword: '氢能重卡',
        page_size: 20,
      })
    ).body.data.data.map((h) => h._id);
  const recommendIds = async () =>
    (
      await call<{ list: { _id: string }[] }[]>('POST', '/api/recommend', user, {
        index: CONTENT_INDEXES.business,
        detail_id: String(sibling),
        keyword: '氢能重卡',
        page_size: 5,
      })
    ).body.data.flatMap((group) => group.list.map((h) => h._id));
  const detail = (id: number, token = user) =>
    call('POST', '/api/detail', token, { detail_id: String(id), index: CONTENT_INDEXES.business });
  const favouriteIds = async () =>
    (
      await call<{ data: { _id: string }[] }>('POST', '/api/user/favorite/list', user, {
        tn: 'business',
        page_size: 50,
      })
    ).body.data.data.map((h) => h._id);
  /** The folder list's total and the headline count agree with what the list shows. */
  const favouriteCounts = async () => {
    const list = await call<{ total_size: number }>('POST', '/api/user/favorite/list', user, {
      tn: 'business',
    });
    const count = await call<{ favorite_business_count: number }>('GET', '/api/user/favorite/count', user);
    return [list.body.data.total_size, count.body.data.favorite_business_count];
  };
  /** The share QR (and the shared page it opens) of the headline: 200 or 404. */
  const shareQr = async (id: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/wxqrcode?type=wxqrcode_headline_detail&id=${id}&index=${CONTENT_INDEXES.business}`,
        headers: { token: user },
      })
    ).statusCode;
  const digestCandidates = async () =>
    (await createDigestRepo(t.db).headlinesArrivedBetween(0, t.clock.now().getTime() + HOUR, 0)).map(
      (h) => h.id,
    );

  it('unpublish takes a headline out of search, the headline list, recommendations, detail, favourites and the digest at once; publish brings it back', async () => {
    const id = String(target);
    const fav = await call('POST', '/api/user/favorite', user, {
      data_id: id,
      data_type: CONTENT_INDEXES.business,
      status: 1,
    });
    expect(fav.body.code).toBe(0);
    // Read first, so every read cache holds the item when it is unpublished.
    expect(await searchIds('氢能重卡')).toContain(id);
    expect(await headlineListIds()).toContain(id);
    expect(await recommendIds()).toContain(id);
    expect((await detail(target)).body.code).toBe(0);
    expect(await favouriteIds()).toContain(id);
    expect(await favouriteCounts()).toEqual([1, 1]);
    expect(await digestCandidates()).toContain(target);

    const off = await call('POST', `/api/admin/content/headline/${target}/unpublish`, admin);
    expect(off.status).toBe(200);
    expect(ZAdminStateReply.parse(off.body.data)).toEqual({ id: target, status: 'unpublished', version: 2 });
    expect(off.body.message).toBe(MSG.adminUnpublished);

    expect(await searchIds('氢能重卡')).not.toContain(id);
    expect(await searchIds('氢能重卡')).toContain(String(sibling));
    expect(await headlineListIds()).not.toContain(id);
    expect(await recommendIds()).not.toContain(id);
    const missing = await detail(2_000_000_000);
    expect(await detail(target)).toEqual(missing);
    expect(await favouriteIds()).not.toContain(id);
    expect(await favouriteCounts()).toEqual([0, 0]);
    expect(await digestCandidates()).not.toContain(target);
    expect(await shareQr(target)).toBe(404);
    expect(await shareQr(sibling)).toBe(200);
    // Kept in the folder while unpublished (not dropped as deleted).
    const held = await t.db.kysely
      .selectFrom('favorite_items')
      .select('content_id')
      .where('content_id', '=', target)
      .where('content_type', '=', 'business')
      .execute();
    expect(held).toHaveLength(1);

    const on = await call('POST', `/api/admin/content/headline/${target}/publish`, admin);
    expect(ZAdminStateReply.parse(on.body.data)).toEqual({ id: target, status: 'published', version: 3 });
    expect(await searchIds('氢能重卡')).toContain(id);
    expect(await headlineListIds()).toContain(id);
    expect((await detail(target)).body.code).toBe(0);
    expect(await favouriteIds()).toContain(id);
    expect(await favouriteCounts()).toEqual([1, 1]);
    expect(await digestCandidates()).toContain(target);

    const audit = await call<{
      data: { action: string; target_id: number; before: unknown; after: unknown }[];
    }>('GET', '/api/admin/audit?page=1&page_size=5', admin);
    expect(audit.body.data.data.slice(0, 2)).toMatchObject([
      {
        action: 'content.publish',
        target_id: target,
        before: { status: 'unpublished' },
        after: { status: 'published' },
      },
      {
        action: 'content.unpublish',
        target_id: target,
        before: { status: 'published' },
        after: { status: 'unpublished' },
      },
    ]);
  });

  it('creates a headline published and searchable at once, or a draft no user sees', async () => {
    const res = await call('POST', '/api/admin/headlines', admin, {
      title: '  固态电池中试线投产 ',
      content: '<p>固态电池中试线投产<script>alert(1)</script></p>',
      source: '财新',
      url: 'https://example.cn/a',
    });
    expect(res.status).toBe(200);
    const { id } = ZAdminIdReply.parse(res.body.data);
    expect(Object.keys(res.body.data as object)).toEqual(['id']);
    expect(await searchIds('固态电池')).toContain(String(id));
    const row = await t.db.kysely
      .selectFrom('headlines')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '固态电池中试线投产', status: 'published', source_name: '财新' });
    expect(row.content).not.toContain('script');

    const draft = await call<{ id: number }>('POST', '/api/admin/headlines', admin, {
      title: '钠离子电池草稿',
      content: '<p>钠离子电池</p>',
      source: '财新',
      draft: true,
    });
    expect(await searchIds('钠离子电池')).not.toContain(String(draft.body.data.id));
    const list = await call('GET', '/api/admin/content/headline?status=draft', admin);
    const drafts = ZAdminContentListReply.parse(list.body.data);
    expect(drafts.data.map((r) => r.id)).toEqual([draft.body.data.id]);
    expect(drafts.total).toBe(1);
    await call('POST', `/api/admin/content/headline/${draft.body.data.id}/publish`, admin);
    expect(await searchIds('钠离子电池')).toContain(String(draft.body.data.id));
  });

  it('lists one type with server-side keyword, paging and sorting', async () => {
    const page = async (query: string) =>
      ZAdminContentListReply.parse(
        (await call('GET', `/api/admin/content/headline?${query}`, admin)).body.data,
      );
    const first = await page(`keyword=${encodeURIComponent('氢能重卡')}&page_size=1&sort=-published_at`);
    expect(first.total).toBe(2);
    expect(first.data.map((r) => r.id)).toEqual([target]);
    const second = await page(
      `keyword=${encodeURIComponent('氢能重卡')}&page_size=1&page=2&sort=-published_at`,
    );
    expect(second.data.map((r) => r.id)).toEqual([sibling]);
    const oldestFirst = await page(`keyword=${encodeURIComponent('氢能重卡')}&sort=published_at`);
    expect(oldestFirst.data.map((r) => r.id)).toEqual([sibling, target]);
    // % is searched for, not a wildcard.
    expect((await page(`keyword=${encodeURIComponent('%')}`)).total).toBe(0);
    const bad = await call('GET', '/api/admin/content/headline?sort=title', admin);
    expect(bad.status).toBe(400);
  });

  it('refuses bad headline input with the contract message and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('headlines')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [object, string][] = [
      [{ title: ' ', content: '<p>x</p>', source: '财新' }, MSG.adminTitleRequired],
      [{ title: '标题', content: '', source: '财新' }, MSG.adminContentRequired],
      [{ title: '标题', content: '<p>x</p>', source: '' }, MSG.adminSourceRequired],
      [
        { title: '标题', content: '<p>x</p>', source: '财新', url: 'javascript:alert(1)' },
        MSG.adminUrlInvalid,
      ],
      [{ title: '题'.repeat(201), content: '<p>x</p>', source: '财新' }, MSG.adminTitleTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/admin/headlines', admin, payload);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await count()).toBe(before);
    const badType = await call('POST', `/api/admin/content/banner/${target}/unpublish`, admin);
    expect(badType.status).toBe(400);
  });

  it('refuses a save naming an older version and keeps the first save', async () => {
    const edit = (title: string, version: number) =>
      call('PUT', `/api/admin/headlines/${sibling}`, admin, {
        title,
        content: '<p>氢能重卡加氢站</p>',
        source: '界面新闻',
        version,
      });
    const state = await call<{ version: number }>('GET', `/api/admin/content/headline/${sibling}`, admin);
    const v = state.body.data.version;
    const first = await edit('新能源汽车氢能重卡加氢站建设再提速', v);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: sibling, version: v + 1 });
    const second = await edit('别人的标题', v);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MSG.adminVersionConflict);
    const row = await t.db.kysely
      .selectFrom('headlines')
      .select(['title', 'version'])
      .where('id', '=', sibling)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: '新能源汽车氢能重卡加氢站建设再提速', version: v + 1 });
    // The new title is what search finds.
    const hits = await call<TSearchReply>('POST', '/api/search', user, { tn: 'all', keyword: '再提速' });
    expect(hits.body.data.data.map((h) => h._id)).toContain(String(sibling));
  });

  it('says what a delete touches, then deletes the item from search and folders', async () => {
    const [id] = (await t.content.addHeadlines([
      {
        title: '低轨卫星互联网组网',
        content: '<p>低轨卫星</p>',
        source_name: '财新',
        published_at: t.clock.now().getTime(),
      },
    ])) as [number];
    await call('POST', '/api/user/favorite', user, {
      data_id: String(id),
      data_type: CONTENT_INDEXES.business,
      status: 1,
    });
    await call('POST', '/api/user/note/create', user, {
      data_id: String(id),
      data_type: CONTENT_INDEXES.business,
      content: '值得关注',
      url: `/headlines/headlines_details/${id}`,
    });
    const impact = await call('GET', `/api/admin/content/headline/${id}/impact`, admin);
    expect(impact.body.data).toEqual({ favorites: 1, notes: 1 });
    const del = await call('DELETE', `/api/admin/content/headline/${id}`, admin);
    expect(del.status).toBe(200);
    expect(await searchIds('低轨卫星')).not.toContain(String(id));
    expect(await favouriteIds()).not.toContain(String(id));
    expect((await call('GET', `/api/admin/content/headline/${id}`, admin)).status).toBe(404);
    const notes = await t.db.kysely.selectFrom('notes').select('id').where('content_id', '=', id).execute();
    expect(notes).toEqual([]);
  });

  it('lists feedback newest first with the phone masked', async () => {
    for (const content of ['第一条反馈，页面加载有点慢', '第二条反馈，搜索结果很好']) {
      const res = await call('POST', '/api/feedback/set/info', user, {
        content,
        email: 'a@example.cn',
        screen_shot: '',
      });
      expect(res.body.code).toBe(0);
    }
    const res = await call('GET', '/api/admin/feedback?page=1&page_size=1', admin);
    const reply = ZAdminFeedbackReply.parse(res.body.data);
    expect(reply.total).toBe(2);
    expect(reply.data).toHaveLength(1);
    expect(reply.data[0]).toMatchObject({
      phone: '138****0001',
      content: '第二条反馈，搜索结果很好',
      email: 'a@example.cn',
      screenshots: [],
    });
  });

  it('refuses every back-office content call to anonymous (401) and role-1 (403) users', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/api/admin/reports/upload'],
      ['POST', '/api/admin/headlines'],
      ['PUT', `/api/admin/headlines/${target}`],
      ['PUT', `/api/admin/reports/1`],
      ['POST', `/api/admin/content/headline/${target}/unpublish`],
      ['POST', `/api/admin/content/headline/${target}/publish`],
      ['GET', '/api/admin/content/headline'],
      ['GET', `/api/admin/content/headline/${target}`],
      ['GET', `/api/admin/content/headline/${target}/impact`],
      ['DELETE', `/api/admin/content/headline/${target}`],
      ['GET', '/api/admin/feedback'],
    ];
    for (const [method, url] of calls) {
      expect((await call(method, url)).status, url).toBe(401);
      const refused = await call(method, url, user);
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe(1001);
    }
    const row = await t.db.kysely
      .selectFrom('headlines')
      .select('status')
      .where('id', '=', target)
      .executeTakeFirst();
    expect(row?.status).toBe('published');
  });
});
