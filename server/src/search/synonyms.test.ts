import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import type { SearchDoc, SearchQuery } from './search.types.ts';
import { queryTerms } from './segmenter.ts';
import { searchedSynonyms, simplified, synonymTable, withSynonyms } from './synonyms.ts';

/** Issue 19: synonym groups and traditional characters, applied at query time on both engines. */
const GROUPS = [
  ['宁德时代', 'CATL', '300750'],
  ['人工智能', 'AI', '人工智慧'],
  ['电动车', '电动汽车'],
];
const table = synonymTable(GROUPS);
const at = new Date('2026-11-20T08:00:00Z');
const doc = (id: string, title: string, body = ''): SearchDoc => ({
  id,
  type: 'business',
  title,
  body,
  publishedAt: at,
  hot: 0,
});
const DOCS = [
  doc('b:1', '宁德时代发布新一代电池'),
  doc('b:2', 'CATL opens a plant in Hungary'),
  doc('b:3', '300750 股价创新高'),
  doc('b:4', '人工智能芯片出货增长'),
  doc('b:5', 'AI 应用加速落地'),
  doc('b:6', '电动汽车销量再创新高'),
  doc('b:7', '電動車出口歐洲'),
  doc('b:8', '比亚迪发布年报'),
  { ...doc('r:1', 'CATL 年度报告'), type: 'report' as const },
  { ...doc('i:1', '人工智慧产业专题'), type: 'insight' as const },
];

describe('synonym table', () => {
  it('names the other members of a group, whatever the case or width typed', () => {
    expect(searchedSynonyms('宁德时代', table)).toEqual(['CATL', '300750']);
    expect(searchedSynonyms('ｃａｔｌ', table)).toEqual(['宁德时代', '300750']);
    expect(searchedSynonyms('比亚迪', table)).toEqual([]);
    expect(searchedSynonyms('', table)).toEqual([]);
  });

  it('names the same alternatives as segmenting the keyword, for keywords with and without them', () => {
    const wide = synonymTable([...GROUPS, ['新能源汽车', '电动车'], ['Apple', '苹果'], ['充电桩', '充电站']]);
    const keywords = [
      '宁德时代 市场',
      '动力电池宁德时代',
      'catl电池',
      'CATL 储能',
      '300750',
      '新能源汽车 动力电池',
      '新能源汽车渗透率',
      '電動車 品牌',
      '人工智慧芯片',
      'apple watch',
      'pineapple',
      '充电桩 氢能',
      '咖啡 茶饮',
      '半导体, 光伏!',
      '😀 ＡＩ 应用',
    ];
    for (const t of [table, wide, undefined]) {
      for (const keyword of keywords) {
        const bySegmenting = [
          ...new Set([
            ...withSynonyms(queryTerms(keyword, true), t).used,
            ...withSynonyms(queryTerms(keyword), t).used,
          ]),
        ];
        expect(searchedSynonyms(keyword, t), keyword).toEqual(bySegmenting);
      }
    }
    expect(searchedSynonyms('电动车 品牌', wide)).toEqual(['电动汽车', '新能源汽车']);
  });

  it('simplifies common traditional characters and never throws on odd input', () => {
    expect(simplified('電動車')).toBe('电动车');
    expect(simplified('😀 ＡＩ')).toBe('😀 ＡＩ');
    expect(searchedSynonyms('人工智慧', table)).toEqual(['人工智能', 'AI']);
    for (const odd of ['😀', '，。！', 'x'.repeat(10_000), '人']) {
      expect(() => searchedSynonyms(odd, table)).not.toThrow();
    }
  });
});

describe.each(testBackends())('synonyms on %s', (_name, open) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await open();
    await backend.index.upsert(DOCS);
  });
  afterAll(() => backend.dispose());

  const found = async (keyword: string, extra: Partial<SearchQuery> = {}) => {
    const r = await backend.index.search({
      keyword,
      sort: 'new',
      page: 1,
      pageSize: 20,
      synonyms: table,
      ...extra,
    });
    return r.hits.map((h) => h.id).sort();
  };

  it('finds every member of the group from any member', async () => {
    for (const word of ['宁德时代', 'CATL', 'catl', '300750']) {
      expect(await found(word)).toEqual(['b:1', 'b:2', 'b:3', 'r:1']);
    }
    expect(await found('人工智能')).toEqual(['b:4', 'b:5', 'i:1']);
    expect(await found('AI')).toEqual(['b:4', 'b:5', 'i:1']);
  });

  it('finds nothing more without the table, and the synonym is highlighted', async () => {
    expect(await found('宁德时代', { synonyms: undefined })).toEqual(['b:1']);
    const r = await backend.index.search({
      keyword: '300750',
      sort: 'relevance',
      page: 1,
      pageSize: 20,
      synonyms: table,
    });
    const titles = r.hits.map((h) => h.highlight?.title);
    expect(titles).toContain('<em>CATL</em> opens a plant in Hungary');
    expect(titles).toContain('<em>宁德时代</em>发布新一代电池');
  });

  it('finds in 全部 every item a type tab finds, synonyms included', async () => {
    for (const word of ['宁德时代', 'CATL', '人工智能', 'AI', '人工智慧', '電動車', '电动车']) {
      const all = new Set(await found(word));
      for (const type of ['business', 'report', 'insight'] as const) {
        for (const id of await found(word, { types: [type] })) {
          expect(all.has(id)).toBe(true);
        }
      }
    }
    expect(await found('宁德时代', { types: ['report'] })).toEqual(['r:1']);
  });

  it('keeps the other words of the query required', async () => {
    expect(await found('宁德时代 电池')).toEqual(['b:1']);
    expect(await found('CATL 股价')).toEqual(['b:3']);
  });

  it('maps traditional characters and traditional words to the simplified text', async () => {
    expect(await found('人工智慧')).toEqual(['b:4', 'b:5', 'i:1']);
    expect(await found('電動汽車')).toEqual(['b:6']);
    // As written (b:7), simplified 电动车 and its group's 电动汽车 (b:6).
    expect(await found('電動車')).toEqual(['b:6', 'b:7']);
    expect(await found('电动车')).toEqual(['b:6']);
  });
});
