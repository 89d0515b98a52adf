import {
  CONTENT_INDEXES,
  DEFAULT_FOLDER_NAME,
  MSG,
  type TDetailReply,
  type TFavoriteCounts,
  type TFavoriteItemsReply,
  type TFavoriteToggleReply,
  type TFolder,
  type TFolderItemsReply,
  type TFolderListReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };
type Item = { data_id: string; data_type: string };

describe.each(testDatabases())('favourites API on %s', (kind) => {
  let t: TestApp;
  let a: string;
  let b: string;
  let c: string;
  let reports: Item[];
  let headlines: Item[];
  let insight: Item;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 2 });
    a = (await login(t, DEMO_USER_PHONE)).token;
    b = (await login(t, '13900000021')).token;
    c = (await login(t, '13900000022')).token;
    const ids = async (table: 'reports' | 'headlines' | 'analyses', index: string, n: number) =>
      (await t.db.kysely.selectFrom(table).select('id').orderBy('id').limit(n).execute()).map((r) => ({
        data_id: String(r.id),
        data_type: index,
      }));
    reports = await ids('reports', CONTENT_INDEXES.report, 2);
    headlines = await ids('headlines', CONTENT_INDEXES.business, 12);
    [insight] = (await ids('analyses', CONTENT_INDEXES.insight, 1)) as [Item];
  }, 180_000);
  afterAll(() => t.close());

  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    payload: Record<string, unknown>,
    as: string | null,
  ) => {
    const res = await t.app.inject(
      method === 'GET'
        ? {
            method,
            url,
            query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
            headers: as ? { token: as } : {},
          }
        : { method, url, payload, headers: as ? { token: as } : {} },
    );
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const post = <T>(url: string, payload: Record<string, unknown>, as: string | null = a) =>
    call<T>('POST', url, payload, as);
  const get = <T>(url: string, query: Record<string, unknown> = {}, as: string | null = a) =>
    call<T>('GET', url, query, as);

  const folders = async (as = a, extra: Record<string, unknown> = {}) =>
    (await post<TFolderListReply>('/api/user/favorite/list', extra, as)).body.data;
  const create = (name: string, remark = '', as = a) =>
    post<TFolder>('/api/user/favorite/create', { name, remark }, as);
  const toggle = (favoriteId: number | undefined, item: Item, status: 0 | 1, as = a) =>
    post<TFavoriteToggleReply>('/api/user/favorite', { favorite_id: favoriteId, ...item, status }, as);
  const counts = async (as = a, favoriteId?: number) =>
    (
      await get<TFavoriteCounts>(
        '/api/user/favorite/count',
        favoriteId ? { favorite_id: favoriteId } : {},
        as,
      )
    ).body.data;
  const detailStatus = async (item: Item, as = a) =>
    (await post<TDetailReply>('/api/detail', { detail_id: item.data_id, index: item.data_type }, as)).body
      .data.favorite_status;
  const favoritesStat = async (item: Item) => {
    const type =
      item.data_type === CONTENT_INDEXES.report
        ? 'report'
        : item.data_type === CONTENT_INDEXES.business
          ? 'business'
          : 'insight';
    const row = await t.db.kysely
      .selectFrom('content_stats')
      .select('favorites')
      .where('content_type', '=', type)
      .where('content_id', '=', Number(item.data_id))
      .executeTakeFirst();
    return Number(row?.favorites ?? 0);
  };
  const newFolder = async (name: string, as = a) => {
    const res = await create(name, '', as);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.id;
  };

  it('gives every user the built-in 自由收藏夹, first, which cannot be renamed or deleted', async () => {
    const list = await folders(c);
    expect(list.total_size).toBe(1);
    const [builtIn] = list.data;
    expect(builtIn).toMatchObject({
      name: DEFAULT_FOLDER_NAME,
      is_default: 1,
      count: 0,
      is_favorite: 0,
      remark: '',
    });
    expect(builtIn?.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const id = builtIn?.id ?? 0;
    expect(await post('/api/user/favorite/update', { id, name: '改名', remark: '' }, c)).toEqual({
      status: 400,
      body: { code: -1, message: MSG.defaultFolderLocked, data: null },
    });
    expect((await post('/api/user/favorite/delete', { id }, c)).body.message).toBe(MSG.defaultFolderLocked);
    expect((await folders(c)).data.map((f) => f.name)).toEqual([DEFAULT_FOLDER_NAME]);
    // A folder made later lists after the built-in one.
    await newFolder('后来的', c);
    expect((await folders(c)).data.map((f) => f.name)).toEqual([DEFAULT_FOLDER_NAME, '后来的']);
  });

  it('creates folders with a trimmed, required, unique name and an optional description', async () => {
    const made = await create('  行业研究  ', '  消费赛道  ');
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: '行业研究', remark: '消费赛道', count: 0, is_default: 0 });
    for (const blank of ['', '   ']) {
      expect(await create(blank)).toEqual({
        status: 400,
        body: { code: -1, message: MSG.folderNameRequired, data: null },
      });
    }
    expect((await post('/api/user/favorite/create', { remark: 'x' })).body.message).toBe(
      MSG.folderNameRequired,
    );
    expect((await create(DEFAULT_FOLDER_NAME)).body.message).toBe(MSG.folderNameReserved);
    expect((await create('行业研究')).body).toMatchObject({ code: -1, message: MSG.folderNameDuplicate });
    // Another user may use the same name.
    expect((await create('行业研究', '', b)).body.code).toBe(0);
    const names = (await folders()).data.map((f) => f.name);
    expect(names.filter((n) => n === '行业研究')).toHaveLength(1);
  });

  it('updates a folder (trimmed, unique) and reads it by id', async () => {
    const id = await newFolder('待改名');
    await newFolder('已占用');
    const res = await post<TFolder>('/api/user/favorite/update', { id, name: ' 已改名 ', remark: '新描述' });
    expect(res.body.data).toMatchObject({ id, name: '已改名', remark: '新描述' });
    expect((await post('/api/user/favorite/update', { id, name: '已占用', remark: '' })).body.message).toBe(
      MSG.folderNameDuplicate,
    );
    expect((await post('/api/user/favorite/update', { id, name: ' ', remark: '' })).body.message).toBe(
      MSG.folderNameRequired,
    );
    expect((await get<TFolder>('/api/user/favorite/detail', { id })).body.data).toMatchObject({
      name: '已改名',
      remark: '新描述',
    });
  });

  it('favourites into folders: status per folder, counts, detail state and the hot counter follow', async () => {
    const [item] = reports as [Item];
    const x = await newFolder('报告夹');
    const y = await newFolder('备用夹');
    expect(await detailStatus(item)).toBe(0);
    const before = await counts();
    // The demo data starts items with some favourites of their own.
    const base = await favoritesStat(item);

    const added = await toggle(x, item, 1);
    expect(added.body.data).toEqual({ favorite_id: x, is_favorite: 1, favorite_status: 1 });
    // Twice into one folder is the same as once.
    expect((await toggle(x, item, 1)).body.code).toBe(0);
    await toggle(y, item, 1);

    const list = await folders(a, item);
    expect(list.data.find((f) => f.id === x)).toMatchObject({ is_favorite: 1, count: 1 });
    expect(list.data.find((f) => f.id === y)).toMatchObject({ is_favorite: 1, count: 1 });
    expect(list.data.find((f) => f.is_default === 1)).toMatchObject({ is_favorite: 0 });
    expect(await detailStatus(item)).toBe(1);
    expect(await detailStatus(item, b)).toBe(0);
    const after = await counts();
    expect(after.favorite_count).toBe(before.favorite_count + 1);
    expect(after.favorite_report_count).toBe(before.favorite_report_count + 1);
    expect(await counts(a, x)).toEqual({
      favorite_count: 1,
      favorite_report_count: 1,
      favorite_business_count: 0,
      favorite_insight_count: 0,
      favorite_material_count: 0,
    });
    // One user holding an item in two folders is one favourite for 最热.
    expect(await favoritesStat(item)).toBe(base + 1);

    const info = await post<TFolderItemsReply>('/api/user/favorite/list/info', {
      favorite_id: x,
      page: 1,
      page_size: 10,
    });
    expect(info.body.data.folder).toMatchObject({ id: x, name: '报告夹', count: 1 });
    expect(info.body.data.total_size).toBe(1);
    expect(info.body.data.data[0]).toMatchObject({
      _id: item.data_id,
      _index: CONTENT_INDEXES.report,
      favorite_status: 1,
    });
    expect(info.body.data.data[0]?._source.title).not.toBe('');
    const viaGet = await get<TFolderItemsReply>('/api/user/favorite/list/info', { favorite_id: x });
    expect(viaGet.body.data.data.map((h) => h._id)).toEqual([item.data_id]);

    const tab = await post<TFavoriteItemsReply>('/api/user/favorite/list', {
      tn: 'report',
      page: 1,
      page_size: 10,
    });
    expect(tab.body.data.data.filter((h) => h._id === item.data_id)).toHaveLength(1);

    await toggle(x, item, 0);
    expect(await detailStatus(item)).toBe(1);
    const last = await toggle(y, item, 0);
    expect(last.body.data.favorite_status).toBe(0);
    expect((await toggle(y, item, 0)).body.code).toBe(0);
    expect(await detailStatus(item)).toBe(0);
    expect(await favoritesStat(item)).toBe(base);
    expect((await counts()).favorite_count).toBe(before.favorite_count);
  });

  it('lists favourited materials in their own 素材 tab, with their count', async () => {
    const row = await t.db.kysely
      .selectFrom('materials')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const material = { data_id: String(row.id), data_type: CONTENT_INDEXES.material };
    const before = await counts(c);
    expect((await toggle(undefined, material, 1, c)).body.code).toBe(0);
    const after = await counts(c);
    expect(after.favorite_material_count).toBe(before.favorite_material_count + 1);
    expect(after.favorite_count).toBe(before.favorite_count + 1);
    const labels = await get<{ tn: string }[]>('/api/search/label', { pagetype: 'collection' }, c);
    expect(labels.body.data.map((l) => l.tn)).toContain('material');
    const tab = await post<TFavoriteItemsReply>('/api/user/favorite/list', { tn: 'material' }, c);
    expect(tab.body.data.data.map((h) => h._id)).toContain(material.data_id);
    await toggle(undefined, material, 0, c);
  });

  it('favourites into the built-in folder when no folder is named, and refuses unknown content', async () => {
    const item = headlines[11] as Item;
    const res = await toggle(undefined, item, 1);
    const builtIn = (await folders()).data.find((f) => f.is_default === 1);
    expect(res.body.data).toMatchObject({ favorite_id: builtIn?.id, favorite_status: 1 });
    expect(await toggle(undefined, { data_id: '999999', data_type: CONTENT_INDEXES.report }, 1)).toEqual({
      status: 404,
      body: { code: -1, message: MSG.contentNotFound, data: null },
    });
    expect((await toggle(undefined, { data_id: '1', data_type: 'portal_nothing' }, 1)).status).toBe(404);
    expect((await toggle(undefined, { data_id: 'abc', data_type: CONTENT_INDEXES.report }, 1)).status).toBe(
      400,
    );
    expect((await post('/api/user/favorite', { ...item, status: 2 })).status).toBe(400);
    await toggle(undefined, item, 0);
  });

  it('deletes a folder with its items: an item in no other folder is no longer favourited', async () => {
    const [only, shared] = [headlines[0], headlines[1]] as [Item, Item];
    const doomed = await newFolder('要删除的');
    const keeper = await newFolder('保留的');
    const [onlyBase, sharedBase] = [await favoritesStat(only), await favoritesStat(shared)];
    await toggle(doomed, only, 1);
    await toggle(doomed, shared, 1);
    await toggle(keeper, shared, 1);
    expect(await favoritesStat(only)).toBe(onlyBase + 1);

    expect((await post('/api/user/favorite/delete', { id: doomed })).body).toEqual({
      code: 0,
      message: 'success',
      data: null,
    });
    expect((await folders()).data.some((f) => f.id === doomed)).toBe(false);
    expect(await detailStatus(only)).toBe(0);
    expect(await detailStatus(shared)).toBe(1);
    expect(await favoritesStat(only)).toBe(onlyBase);
    expect(await favoritesStat(shared)).toBe(sharedBase + 1);
    expect((await post('/api/user/favorite/list/info', { favorite_id: doomed })).body).toMatchObject({
      code: -1,
      message: MSG.folderNotFound,
    });
    expect((await post('/api/user/favorite/delete', { id: doomed })).status).toBe(404);
    await toggle(keeper, shared, 0);
  });

  it("gives user B not-found for every one of user A's folders and changes nothing", async () => {
    const mine = await newFolder('私人收藏');
    const item = headlines[2] as Item;
    await toggle(mine, item, 1);
    const notFound = { status: 404, body: { code: -1, message: MSG.folderNotFound, data: null } };
    expect(await post('/api/user/favorite/list/info', { favorite_id: mine }, b)).toEqual(notFound);
    expect(await get('/api/user/favorite/detail', { id: mine }, b)).toEqual(notFound);
    expect(await get('/api/user/favorite/count', { favorite_id: mine }, b)).toEqual(notFound);
    expect(await post('/api/user/favorite/update', { id: mine, name: '偷改', remark: '' }, b)).toEqual(
      notFound,
    );
    expect(await post('/api/user/favorite/delete', { id: mine }, b)).toEqual(notFound);
    expect(await toggle(mine, item, 0, b)).toEqual(notFound);
    expect(await toggle(mine, headlines[3] as Item, 1, b)).toEqual(notFound);
    expect(await post('/api/user/favorite/list', { tn: 'business', favorite_id: mine }, b)).toEqual(notFound);
    expect((await folders(b)).data.some((f) => f.id === mine)).toBe(false);
    expect((await folders(b, { favorite_id: mine })).data).toEqual([]);

    const still = await get<TFolder>('/api/user/favorite/detail', { id: mine });
    expect(still.body.data).toMatchObject({ name: '私人收藏', count: 1 });
    expect(await detailStatus(item)).toBe(1);
    expect(await detailStatus(headlines[3] as Item)).toBe(0);
    await toggle(mine, item, 0);
  });

  it('needs a token and well-formed ids', async () => {
    expect((await post('/api/user/favorite/list', {}, null)).status).toBe(401);
    expect((await get('/api/user/favorite/count', {}, null)).status).toBe(401);
    expect((await toggle(undefined, headlines[0] as Item, 1, '')).status).toBe(401);
    expect((await get('/api/user/favorite/detail', { id: 'x' })).body).toMatchObject({
      code: -1,
      message: MSG.badRequest,
    });
    expect((await get('/api/user/favorite/detail', { id: '99999999999' })).status).toBe(400);
    expect((await post('/api/user/favorite/list', { data_id: '1' })).status).toBe(400);
    expect((await post('/api/user/favorite/list', { tn: 'nothing' })).body.message).toBe(MSG.unknownTab);
  });

  it('keeps counts right under parallel toggles', async () => {
    const item = headlines[4] as Item;
    const ids = [await newFolder('并发一'), await newFolder('并发二'), await newFolder('并发三')];
    const base = await favoritesStat(item);
    const adds = Array.from({ length: 30 }, (_, i) => toggle(ids[i % 3], item, 1));
    const others = Array.from({ length: 10 }, (_, i) => toggle(ids[0], headlines[5 + (i % 5)] as Item, 1));
    const fromB = Array.from({ length: 10 }, () => toggle(undefined, item, 1, b));
    const results = await Promise.all([...adds, ...others, ...fromB]);
    expect(results.every((r) => r.status === 200)).toBe(true);

    expect(await favoritesStat(item)).toBe(base + 2);
    const list = await folders();
    for (const id of ids) {
      expect(list.data.find((f) => f.id === id)?.count).toBe(id === ids[0] ? 6 : 1);
    }
    expect((await counts(a, ids[0])).favorite_business_count).toBe(6);

    // Parallel removals and re-adds that end with the item in exactly one folder.
    const mixed = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => toggle(ids[1 + (i % 2)], item, 0)),
      ...Array.from({ length: 12 }, () => toggle(undefined, item, 0, b)),
    ]);
    expect(mixed.every((r) => r.status === 200)).toBe(true);
    expect(await favoritesStat(item)).toBe(base + 1);
    await Promise.all(Array.from({ length: 10 }, () => toggle(ids[0], item, 0)));
    expect(await favoritesStat(item)).toBe(base);
    expect(await detailStatus(item)).toBe(0);
  });

  it('feeds 最热: a favourited item moves up the hot order, and back when unfavourited', async () => {
    const at = t.clock.now().getTime() - 3_600_000;
    const ids = await t.content.addHeadlines([
      // Two different stories: near-copies would be one card (headline clusters).
      {
        title: '收藏热度：动力电池产能扩张',
        description: '收藏热度',
        content: '<p>收藏热度 电池厂新建产线</p>',
        published_at: at,
      },
      {
        title: '收藏热度：光伏组件价格下行',
        description: '收藏热度',
        content: '<p>收藏热度 组件报价回落</p>',
        published_at: at,
      },
    ]);
    const order = async () =>
      (
        await post<{ data: { _id: string }[] }>('/api/search', {
          tn: 'business',
          keyword: '收藏热度',
          psort: 'hot',
          page_size: 10,
        })
      ).body.data.data.map((h) => Number(h._id));
    const cold = await order();
    expect([...cold].sort()).toEqual([...ids].sort());
    const behind = cold.at(-1) as number;
    const item = { data_id: String(behind), data_type: CONTENT_INDEXES.business };
    // Favourite counts reorder 最热 once the cached page has lived out its time (never sooner).
    const expire = () => t.clock.advance(t.config.readCacheMs / 1000 + 1);
    await toggle(undefined, item, 1, a);
    await toggle(undefined, item, 1, b);
    expect(await order()).toEqual(cold);
    expire();
    expect((await order())[0]).toBe(behind);
    await toggle(undefined, item, 0, a);
    await toggle(undefined, item, 0, b);
    expire();
    expect(await order()).toEqual(cold);
  });

  it("marks the user's own favourites in lists and searches (favorite_status), nobody else's", async () => {
    const ids = await t.content.addHeadlines([
      {
        title: '列表收藏标记',
        description: '列表收藏标记',
        content: '<p>列表收藏标记</p>',
        published_at: t.clock.now().getTime() - 60_000,
      },
    ]);
    const item = { data_id: String(ids[0]), data_type: CONTENT_INDEXES.business };
    const status = async (body: Record<string, unknown>, as: string) => {
      const hits = (await post<{ data: { _id: string; favorite_status: number }[] }>('/api/search', body, as))
        .body.data.data;
      return hits.find((h) => h._id === item.data_id)?.favorite_status;
    };
    const searched = { tn: 'business', keyword: '列表收藏标记' };
    const listed = { tn: 'business', psort: 'new', page_size: 5 };
    expect(await status(searched, a)).toBe(0);
    await toggle(undefined, item, 1, a);
    expect(await status(searched, a)).toBe(1);
    expect(await status(listed, a)).toBe(1);
    expect(await status(searched, b)).toBe(0);
    await toggle(undefined, item, 0, a);
    expect(await status(listed, a)).toBe(0);
  });

  it('skips and forgets favourites whose content was deleted', async () => {
    const folder = await newFolder('会失效的');
    const [gone, kept] = [headlines[10], reports[1]] as [Item, Item];
    await toggle(folder, gone, 1);
    await toggle(folder, kept, 1);
    await toggle(folder, insight, 1);
    expect((await get<TFolder>('/api/user/favorite/detail', { id: folder })).body.data.count).toBe(3);
    const before = await counts();

    await t.db.kysely.deleteFrom('headlines').where('id', '=', Number(gone.data_id)).execute();

    const info = await post<TFolderItemsReply>('/api/user/favorite/list/info', { favorite_id: folder });
    expect(info.body.data.total_size).toBe(2);
    expect(info.body.data.folder.count).toBe(2);
    expect(info.body.data.data.map((h) => h._id).sort()).toEqual([kept.data_id, insight.data_id].sort());
    expect((await folders()).data.find((f) => f.id === folder)?.count).toBe(2);
    const after = await counts();
    expect(after.favorite_count).toBe(before.favorite_count - 1);
    expect(after.favorite_business_count).toBe(before.favorite_business_count - 1);
    const tab = await post<TFavoriteItemsReply>('/api/user/favorite/list', { tn: 'business' });
    expect(tab.body.data.data.some((h) => h._id === gone.data_id)).toBe(false);
    // Taking a gone item out still answers (the web may hold a stale card).
    expect((await toggle(folder, gone, 0)).body.code).toBe(0);
  });
});
