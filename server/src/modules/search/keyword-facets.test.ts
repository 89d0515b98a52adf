import { ZSearchReply, type TSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../search/search-plan.ts';
import type { SearchDoc } from '../../search/search.types.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/**
 * Issue 19: with a keyword, report facets and a filtered list's total count every match, not
 * only the MAX_OFFSET + a page a list can walk. Three industries take turns, so each holds a
 * third of the matches and the walk of 1,050 newest matches misses some of every one.
 */
const INDUSTRIES = ['新能源', '消费', '医药'] as const;
const REPORTS = MAX_OFFSET + MAX_PAGE_SIZE + 30;
const PER_INDUSTRY = REPORTS / INDUSTRIES.length;
const BASE = Date.parse('2026-01-01T00:00:00Z');

describe.each(testDatabases())('keyword facets beyond the paging bound on %s', (kind) => {
  let t: TestApp;
  let token: string;
  /** The 新能源 reports' ids, newest first. */
  let energy: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    const k = t.db.kysely;
    await k.updateTable('reports').set({ status: 'unpublished' }).execute();
    const rows = Array.from({ length: REPORTS }, (_, n) => ({
      content_id: `kw-facet-${n}`,
      title: `储能行业观察第${n + 1}期`,
      cover_key: '',
      pdf_key: '',
      industry: INDUSTRIES[n % INDUSTRIES.length] as string,
      page_count: 10,
      published_at: BASE + n * 60_000,
      created_at: BASE + n * 60_000,
      status: 'published',
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await k
        .insertInto('reports')
        .values(rows.slice(i, i + 200))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => Number(r.id)));
    }
    const docs: SearchDoc[] = ids.map((id, n) => ({
      id: `report:${id}`,
      type: 'report',
      title: rows[n]!.title,
      body: rows[n]!.title,
      publishedAt: new Date(rows[n]!.published_at),
      hot: 0,
    }));
    await t.search.upsert(docs);
    energy = ids.filter((_, n) => n % INDUSTRIES.length === 0).reverse();
  }, 120_000);
  afterAll(() => t.close());

  const ok = async (payload: Record<string, unknown>): Promise<TSearchReply> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { tn: 'report', type: 'report', keyword: '储能', ...payload },
    });
    expect(res.statusCode).toBe(200);
    return ZSearchReply.parse(res.json<{ data: unknown }>().data);
  };

  it('counts every matching report in each industry', async () => {
    const reply = await ok({});
    expect(reply.total).toEqual({ value: REPORTS, relation: 'eq' });
    expect(reply.facets?.industry).toEqual(
      INDUSTRIES.map((value) => ({ value, count: PER_INDUSTRY })).sort((a, b) =>
        a.value.localeCompare(b.value, 'zh-CN'),
      ),
    );
  });

  it('lists a filtered keyword list whole, newest first, with its exact total', async () => {
    const seen: number[] = [];
    for (let page = 1; seen.length < PER_INDUSTRY; page++) {
      const reply = await ok({ industry: '新能源', psort: 'new', page, page_size: MAX_PAGE_SIZE });
      expect(reply.total).toEqual({ value: PER_INDUSTRY, relation: 'eq' });
      expect(reply.data.length).toBeGreaterThan(0);
      seen.push(...reply.data.map((h) => Number(h._id)));
    }
    expect(seen).toEqual(energy);
  });
});
