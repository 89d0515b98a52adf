import {
  MSG,
  ZAdminCatalogue,
  type TAdminCatalogue,
  type TCatalogueReindex,
  type TSearchReply,
  type TSubscribeInfoReply,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedUserWords } from '../../search/segmenter.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// The demo user (13800000001) is onboarded as 品牌方 / 新能源 with five recommended keywords,
// among them 新能源汽车 and 咖啡茶饮.
describe.each(testDatabases())('back-office catalogue on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
  }, 60_000);
  afterAll(() => t.close());

  const call = async <T = TAdminCatalogue>(method: Method, url: string, token = admin, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const catalogue = async () => ZAdminCatalogue.parse((await call('GET', '/api/admin/catalogue')).body.data);
  const info = async () =>
    (await call<TSubscribeInfoReply>('GET', '/api/business/subscribe/info', user)).body.data;
  const auditOf = (targetType: string, targetId: number) =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  /** Documents whose title has `word` as one whole search token (what the index stores). */
  const titlesHoldingToken = async (word: string) => {
    const query =
      kind === 'sqlite'
        ? sql<{ n: number }>`SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ${`title:"${word}"`}`
        : sql<{ n: number }>`SELECT count(*)::int AS n FROM search_docs WHERE title_tsv @@ ${word}::tsquery`;
    return Number((await query.execute(t.db.kysely)).rows[0]?.n);
  };

  it('adds an industry and renames a keyword: the user sees both at once; refusals change nothing', async () => {
    const before = await catalogue();
    const brand = before.company_types.find((c) => c.name === '品牌方')!;
    expect(brand.users).toBeGreaterThanOrEqual(1);
    expect(brand.industries.find((i) => i.name === '新能源')?.users).toBeGreaterThanOrEqual(1);

    const industries = `/api/admin/catalogue/company-types/${brand.id}/industries`;
    expect(await call('POST', industries, admin, { name: '  ' })).toMatchObject({
      status: 400,
      body: { message: MSG.adminCatalogueNameRequired },
    });
    expect(await call('POST', industries, admin, { name: '新'.repeat(21) })).toMatchObject({
      status: 400,
      body: { message: MSG.adminCatalogueNameTooLong },
    });
    expect(await call('POST', industries, admin, { name: ' 汽车 ' })).toMatchObject({
      status: 400,
      body: { message: MSG.adminCatalogueNameTaken },
    });
    expect(
      (await call('POST', '/api/admin/catalogue/company-types/999999/industries', admin, { name: '农业' }))
        .status,
    ).toBe(404);
    expect((await call('POST', industries, user, { name: '农业' })).status).toBe(403);
    expect(await catalogue()).toEqual(before);

    const added = await call('POST', industries, admin, { name: ' 农业 ' });
    expect(added.status).toBe(200);
    const farming = added.body.data.company_types.find((c) => c.id === brand.id)!.industries.at(-1)!;
    expect(farming).toMatchObject({ name: '农业', users: 0 });
    const brandForUser = (await info()).company_type.find((c) => c.name === '品牌方')!;
    expect(brandForUser.industry.at(-1)).toEqual({ name: '农业', select: 0 });

    const kw = before.keywords.find((k) => k.name === '新能源汽车')!;
    const rename = (body: object) => call('PUT', `/api/admin/catalogue/keywords/${kw.id}`, admin, body);
    expect(await rename({ name: '新能源汽车产业链研究报告全集', version: kw.version })).toMatchObject({
      status: 400,
      body: { message: MSG.keywordTooLong },
    });
    expect(await rename({ name: '动力电池', version: kw.version })).toMatchObject({
      status: 400,
      body: { message: MSG.keywordDuplicate },
    });
    expect(await rename({ name: '电动汽车', version: kw.version + 1 })).toMatchObject({
      status: 409,
      body: { message: MSG.adminVersionConflict },
    });
    expect(
      (await call('PUT', '/api/admin/catalogue/keywords/999999', admin, { name: '电动汽车', version: 1 }))
        .status,
    ).toBe(404);

    expect((await rename({ name: '电动汽车', version: kw.version })).status).toBe(200);
    const mine = await info();
    expect(mine.subscribe_info.find((k) => k.keyword === '电动汽车')).toMatchObject({ select: 1 });
    expect(mine.subscribe_info.some((k) => k.keyword === '新能源汽车')).toBe(false);
    expect(mine.keyword_list.find((k) => k.keyword === '电动汽车')).toMatchObject({ custom: 0 });
    expect(loadedUserWords()).toContain('电动汽车');
    // The editor's old version is stale now.
    expect((await rename({ name: '电车', version: kw.version })).status).toBe(409);

    expect(
      (await auditOf('industry', farming.id)).map((a) => [a.action, a.before, JSON.parse(String(a.after))]),
    ).toEqual([['catalogue.create', null, { name: '农业', company_type_id: brand.id }]]);
    const renamed = await auditOf('subscription_keyword', kw.id);
    expect(renamed.map((a) => a.action)).toEqual(['catalogue.rename']);
    expect(JSON.parse(String(renamed[0]?.before))).toEqual({ name: '新能源汽车' });
    expect(JSON.parse(String(renamed[0]?.after))).toEqual({ name: '电动汽车' });
  });

  it('moves and deletes: the impact names the users; their keyword stays as a custom one', async () => {
    const before = await catalogue();
    const kw = before.keywords.find((k) => k.name === '咖啡茶饮')!;
    const index = before.keywords.findIndex((k) => k.id === kw.id);
    const moved = await call('POST', `/api/admin/catalogue/keywords/${kw.id}/move`, admin, {
      direction: 'up',
      version: kw.version,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.keywords[index - 1]?.id).toBe(kw.id);
    expect((await info()).subscribe_info[index - 1]?.keyword).toBe('咖啡茶饮');
    const now = moved.body.data.keywords[index - 1]!;

    expect((await call('GET', `/api/admin/catalogue/keywords/${kw.id}/impact`)).body.data).toEqual({
      users: 2,
    });
    expect(
      (await call('DELETE', `/api/admin/catalogue/keywords/${kw.id}?version=${kw.version}`)).status,
    ).toBe(409);
    expect((await info()).keyword_list.find((k) => k.keyword === '咖啡茶饮')).toMatchObject({ custom: 0 });
    const deleted = await call('DELETE', `/api/admin/catalogue/keywords/${kw.id}?version=${now.version}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.keywords.some((k) => k.id === kw.id)).toBe(false);
    const mine = await info();
    expect(mine.subscribe_info.some((k) => k.keyword === '咖啡茶饮')).toBe(false);
    expect(mine.custom_subscribe_info.map((k) => k.keyword)).toContain('咖啡茶饮');
    expect(
      (await call('DELETE', `/api/admin/catalogue/keywords/${kw.id}?version=${now.version}`)).status,
    ).toBe(404);

    // Deleting the brand-owner type empties its users' choice and takes its industries along.
    const brand = before.company_types.find((c) => c.name === '品牌方')!;
    expect((await call('GET', `/api/admin/catalogue/company-types/${brand.id}/impact`)).body.data).toEqual({
      users: 2,
    });
    expect(
      (await call('DELETE', `/api/admin/catalogue/company-types/${brand.id}?version=${brand.version}`))
        .status,
    ).toBe(200);
    const after = await info();
    expect(after.company_type.some((c) => c.name === '品牌方')).toBe(false);
    expect(after.company_type.every((c) => c.select === 0)).toBe(true);
    expect(
      await t.db.kysely
        .selectFrom('industries')
        .select('id')
        .where('company_type_id', '=', brand.id)
        .execute(),
    ).toEqual([]);

    const audit = await auditOf('subscription_keyword', kw.id);
    expect(audit.map((a) => a.action)).toEqual(['catalogue.move', 'catalogue.delete']);
    expect(JSON.parse(String(audit[0]?.after))).toEqual({ name: '咖啡茶饮', position: index });
    expect(JSON.parse(String(audit[1]?.before))).toEqual({ name: '咖啡茶饮', users: 2 });
    expect(audit[1]?.after).toBeNull();
  });

  it('adds a recommended keyword at the end, and refuses a duplicate company type', async () => {
    const added = await call('POST', '/api/admin/catalogue/keywords', admin, { name: '低空经济' });
    expect(added.status).toBe(200);
    expect(added.body.data.keywords.at(-1)).toMatchObject({ name: '低空经济', users: 0, version: 1 });
    expect((await info()).subscribe_info.at(-1)).toMatchObject({ keyword: '低空经济', select: 0 });
    expect(loadedUserWords()).toContain('低空经济');
    expect(await call('POST', '/api/admin/catalogue/company-types', admin, { name: '媒体' })).toMatchObject({
      status: 400,
      body: { message: MSG.adminCatalogueNameTaken },
    });
  });

  it('re-indexes the documents holding a new keyword in the background, with progress', async () => {
    // The segmenter is one per test process: each database gets a word of its own.
    const word = kind === 'sqlite' ? '低空飞行器' : '深海采矿船';
    await t.content.addHeadlines([
      {
        title: `${word}企业加速布局`,
        description: '产业观察',
        content: `<p>多家公司发布${word}规划。</p>`,
        source_name: '测试来源',
        source_url: 'https://example.com/r',
        published_at: t.clock.now().getTime() - 60_000,
      },
      {
        title: '城市更新项目签约',
        description: '产业观察',
        content: '<p>旧改项目进展。</p>',
        source_name: '测试来源',
        source_url: 'https://example.com/s',
        published_at: t.clock.now().getTime() - 120_000,
      },
    ]);
    // A dictionary word a reader searches for is registered with the keyword's job, and the
    // re-stamp pass writes its document again.
    const searched = kind === 'sqlite' ? '发电机' : '冰淇淋';
    await t.content.addHeadlines([
      {
        title: `${searched}订单回暖`,
        description: '产业观察',
        content: '<p>订单回暖。</p>',
        source_name: '测试来源',
        source_url: 'https://example.com/q',
        published_at: t.clock.now().getTime() - 180_000,
      },
    ]);
    expect(
      (await call<TSearchReply>('POST', '/api/search', user, { keyword: searched })).body.data.data,
    ).toHaveLength(1);
    // Indexed before the word was known: its title holds the word's parts, not the word.
    expect(await titlesHoldingToken(word)).toBe(0);
    expect((await call('POST', '/api/admin/catalogue/keywords', admin, { name: word })).status).toBe(200);
    let progress: TCatalogueReindex = { queued: 0, done: -1 };
    for (let i = 0; i < 100 && progress.done !== progress.queued; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = (await call<TCatalogueReindex>('GET', '/api/admin/catalogue/reindex')).body.data;
    }
    expect(progress.done).toBe(progress.queued);
    expect(await titlesHoldingToken(word)).toBe(1);
    // Then every document is stamped past the word: searches match it by its token alone.
    let below = -1;
    for (let i = 0; i < 100 && below !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { rows } = await sql<{ n: number | string }>`
        SELECT count(*) AS n FROM search_docs
        WHERE dict_id < (SELECT id FROM search_words WHERE word = ${word})`.execute(t.db.kysely);
      below = Number(rows[0]?.n);
    }
    expect(below).toBe(0);
    // The job wrote again the keyword's document, then the re-stamp pass the one holding the word
    // a reader had searched for: the progress counts both, and ends complete.
    expect(await call<TCatalogueReindex>('GET', '/api/admin/catalogue/reindex')).toMatchObject({
      body: { data: { queued: 2, done: 2 } },
    });
    const found = await call<TSearchReply>('POST', '/api/search', user, { keyword: word });
    expect(found.body.data.data[0]?._source.highlight?.title).toContain(`<em>${word}</em>`);
    expect((await call('GET', '/api/admin/catalogue/reindex', user)).status).toBe(403);
  });
});
