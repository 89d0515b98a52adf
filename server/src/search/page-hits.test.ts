import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import type { SearchDoc } from './search.types.ts';
import { synonymTable } from './synonyms.ts';

const filler = (n: number) =>
  `第${n}页讨论行业概况与市场结构，头部企业的份额继续提升，渠道效率决定竞争格局。`.repeat(3);

/** A six-page report: 固态电池 only on page 5, 渠道 everywhere, 宁德时代 on the cover and page 3. */
function report(id: string, publishedAt: string): SearchDoc {
  const pages = [
    '宁德时代动力电池年度报告\n年度报告 · 新能源汽车',
    '目录\n一、行业概况 3\n二、技术路线 5',
    `一、行业概况\n${filler(3)}宁德时代的装机量继续领先。`,
    `${filler(4)}`,
    `二、技术路线\n${filler(5)}固态电池的量产时间表提前，硫化物路线成为主流选择。`,
    `${filler(6)}`,
  ];
  return {
    id,
    type: 'report',
    title: '动力电池年度报告',
    body: pages.join('\n'),
    pages: pages.map((text, i) => ({ no: i + 1, text, ...(i < 2 ? { front: true } : {}) })),
    publishedAt: new Date(publishedAt),
    hot: 0,
  };
}

describe.each(testBackends())('page hits on %s', (_name, open) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await open();
    await backend.index.upsert([
      report('report:1', '2026-03-01T00:00:00Z'),
      report('report:2', '2026-03-02T00:00:00Z'),
      {
        id: 'business:1',
        type: 'business',
        title: '固态电池量产提速',
        body: '固态电池的量产时间表提前。',
        publishedAt: new Date('2026-03-03T00:00:00Z'),
        hot: 0,
      },
    ]);
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('names the only page that holds the word, with that page as the snippet', async () => {
    const hits = await backend.index.pageHits({ keyword: '固态电池', docIds: ['report:1', 'business:1'] });
    expect([...hits.keys()]).toEqual(['report:1']);
    const hit = hits.get('report:1');
    expect(hit?.page).toBe(5);
    expect(hit?.snippet).toContain('<em>固态电池</em>的量产时间表提前');
    expect(hit?.snippet).not.toContain('第3页');
  });

  it('finds a word inside a longer one (硫化 in 硫化物) and prefers the page holding every word', async () => {
    expect(
      (await backend.index.pageHits({ keyword: '硫化', docIds: ['report:2'] })).get('report:2')?.page,
    ).toBe(5);
    // 宁德时代 is on the cover and page 3, 渠道 on pages 3–6: page 3 holds both.
    const both = await backend.index.pageHits({ keyword: '宁德时代 渠道', docIds: ['report:2'] });
    expect(both.get('report:2')?.page).toBe(3);
  });

  it('never names the cover or contents page: words found only there give no page', async () => {
    const title = await backend.index.pageHits({ keyword: '年度报告', docIds: ['report:1'] });
    expect(title.size).toBe(0);
    const both = await backend.index.pageHits({ keyword: '宁德时代', docIds: ['report:1'] });
    expect(both.get('report:1')?.page).toBe(3);
  });

  it('finds the page of a synonym the search applied (钠电 → 固态电池 here)', async () => {
    const synonyms = synonymTable([['钠电', '固态电池']]);
    const hits = await backend.index.pageHits({ keyword: '钠电', docIds: ['report:1'], synonyms });
    expect(hits.get('report:1')?.page).toBe(5);
    expect(hits.get('report:1')?.snippet).toContain('<em>固态电池</em>');
    expect((await backend.index.pageHits({ keyword: '钠电', docIds: ['report:1'] })).size).toBe(0);
  });

  it('falls back to the page holding most of the words when no page holds all', async () => {
    const hits = await backend.index.pageHits({ keyword: '硫化物 装机量', docIds: ['report:1'] });
    expect([3, 5]).toContain(hits.get('report:1')?.page);
  });

  it('comes with the search when asked: report hits carry their page, others none', async () => {
    const found = await backend.index.search({
      keyword: '固态电池',
      sort: 'relevance',
      page: 1,
      pageSize: 10,
      pageHits: true,
    });
    const pages = new Map(found.hits.map((h) => [h.id, h.pageHit?.page]));
    expect(pages).toEqual(
      new Map([
        ['business:1', undefined],
        ['report:1', 5],
        ['report:2', 5],
      ]),
    );
    // No page holds both words: the search falls back to either word, and so do the pages.
    const either = await backend.index.search({
      keyword: '硫化物 星辰大海',
      sort: 'relevance',
      page: 1,
      pageSize: 10,
      pageHits: true,
    });
    expect(either.fallback).toBe(true);
    expect(either.hits.find((h) => h.id === 'report:1')?.pageHit?.page).toBe(5);
  });

  it('forgets the pages of a rewritten or removed document', async () => {
    await backend.index.upsert([{ ...report('report:2', '2026-03-02T00:00:00Z'), pages: undefined }]);
    expect((await backend.index.pageHits({ keyword: '固态电池', docIds: ['report:2'] })).size).toBe(0);
    await backend.index.remove(['report:1']);
    expect((await backend.index.pageHits({ keyword: '固态电池', docIds: ['report:1'] })).size).toBe(0);
    // The document search still finds the headline and nothing of the removed report.
    const found = await backend.index.search({ keyword: '固态电池', sort: 'new', page: 1, pageSize: 10 });
    expect(found.hits.map((h) => h.id)).not.toContain('report:1');
  });

  it('answers nothing for no words, punctuation or an unknown document', async () => {
    for (const keyword of ['', '，。！', '🙂']) {
      expect((await backend.index.pageHits({ keyword, docIds: ['report:2'] })).size).toBe(0);
    }
    expect((await backend.index.pageHits({ keyword: '固态电池', docIds: ['report:404'] })).size).toBe(0);
  });
});
