import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import {
  DOC_TYPES,
  type DocType,
  type SearchDoc,
  type SearchIndex,
  type SearchQuery,
} from './search.types.ts';
import { loadUserWords } from './segmenter.ts';

/**
 * Issue 19: a word a reader types finds every document whose text holds it, whatever jieba
 * made of the text (a dictionary word swallowing its parts), and nothing else; the 全部 tab
 * never finds fewer items of a type than that type's own tab.
 */
const backends = testBackends();

let day = 0;
const doc = (id: string, type: DocType, title: string, body: string, tags: string[] = []): SearchDoc => ({
  id,
  type,
  title,
  body,
  tags,
  publishedAt: new Date(Date.UTC(2026, 0, 1 + day++)),
  hot: 0,
});

// The brand names are user words here, as organisation names are in the portal: jieba then
// keeps 瑞幸咖啡 and 安克创新 whole and never emits 瑞幸 or 安克 as a token of those documents.
const USER_WORDS = ['瑞幸咖啡', '安克创新', 'AI芯片', '宁德时代'];
const DOCS: SearchDoc[] = [
  doc('b-luckin', 'business', '瑞幸咖啡三季度门店数破两万', '瑞幸咖啡公布财报，营收同比增长。'),
  doc('r-luckin', 'report', '现制饮品行业研究', '本报告分析瑞幸咖啡与库迪的价格战。', ['瑞幸咖啡']),
  doc('b-anker', 'business', '安克创新发布充电新品', '安克创新的海外收入占比超过九成。'),
  doc('b-anker-word', 'business', '安克发布会：三款新品', '安克 在深圳举行发布会。'),
  doc('i-ai', 'insight', 'AI芯片国产替代', '国产AI芯片的出货量快速上升。'),
  doc('b-ai-fullwidth', 'business', 'ＡＩ助手走进办公室', '办公软件纷纷接入ＡＩ。'),
  doc('b-catl', 'business', '宁德时代(300750.SZ)发布钠离子电池', '宁德时代股价上涨。'),
  doc('b-5g', 'business', '5G手机出货量回升', '运营商加快5G基站建设。'),
  doc('b-gpt', 'business', 'OpenAI发布GPT-4o', '新模型GPT-4o支持实时语音。'),
  doc('m-ev', 'material', '电动车品牌开屏广告', '某电动车品牌的开屏素材。'),
  doc('b-ev-apart', 'business', '电动自行车与汽车下乡', '乡村的电动三轮和汽车销量都在增长，车市回暖。'),
  // Holds 瑞 and 幸, 安 and 克, 电动 and 车 — but never next to each other.
  doc('b-apart', 'business', '瑞士游客的幸福指数', '安全第一，克服困难；电动工具与车床。'),
  doc('b-growth', 'business', '营收同比增长三成', '门店扩张带动营收。'),
  doc('b-growth-apart', 'business', '利润同比下降，收入增长放缓', '成本上升。'),
  // A long report: PostgreSQL's positions end at 16,383, the word comes after 20,000 characters.
  doc('r-long', 'report', '年度市场观察', `${'市场规模持续扩大。'.repeat(2_300)}蜜雪冰城门店。`),
  doc('r-ai-apart', 'report', '人工智能产业报告', '瑞幸咖啡的门店采用人工排班，智能设备尚少。'),
];

const q = (keyword: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  keyword,
  sort: 'relevance',
  page: 1,
  pageSize: 50,
  ...extra,
});

describe.each(backends)('search recall on %s', (_name, open) => {
  let backend: TestBackend;
  let index: SearchIndex;
  const found = async (keyword: string, extra: Partial<SearchQuery> = {}) =>
    (await index.search(q(keyword, extra))).hits.map((h) => h.id).sort();

  beforeAll(async () => {
    loadUserWords(USER_WORDS);
    backend = await open();
    index = backend.index;
    await index.upsert(DOCS);
  });

  afterAll(async () => {
    await backend.dispose();
  });

  it('finds a word inside a longer dictionary word, in title, body and tags', async () => {
    expect(await found('瑞幸')).toEqual(['b-luckin', 'r-ai-apart', 'r-luckin']);
    expect(await found('安克')).toEqual(['b-anker', 'b-anker-word']);
    expect(await found('电动车')).toEqual(['m-ev']);
    expect(await found('咖啡公布')).toEqual(['b-luckin']);
  });

  it('finds a two-character word past the 20,000th character of a long report', async () => {
    expect(await found('蜜雪')).toEqual(['r-long']);
    expect(await found('规模')).toContain('r-long');
  });

  it('ranks a document holding the word as a word above one holding it inside a longer word', async () => {
    const result = await index.search(q('安克'));
    expect(result.hits.map((h) => h.id)).toEqual(['b-anker-word', 'b-anker']);
    expect(result.hits[1]?.highlight?.title).toBe('<em>安克</em>创新发布充电新品');
  });

  it('never matches characters that are only apart', async () => {
    expect(await found('士客')).toEqual([]);
    expect(await found('全克')).toEqual([]);
    expect(await found('动车')).toEqual(['m-ev']);
    expect(await found('智能设')).toEqual(['r-ai-apart']);
    expect(await found('工智')).toEqual(['r-ai-apart']);
  });

  it('takes a short Han run as typed first, and its words when the run itself is nowhere', async () => {
    // jieba cuts 同比增长 into 同比 | 增长: both are in b-growth-apart, but not side by side.
    expect(await found('同比增长')).toEqual(['b-growth', 'b-luckin']);
    expect(await found('收入同比')).toEqual(['b-growth-apart']);
  });

  it('folds case and full-width Latin, and matches codes and mixed tokens', async () => {
    const ai = ['b-ai-fullwidth', 'i-ai'];
    expect(await found('AI')).toEqual(ai);
    expect(await found('ai')).toEqual(ai);
    expect(await found('ＡＩ')).toEqual(ai);
    expect(await found('300750')).toEqual(['b-catl']);
    expect(await found('5G')).toEqual(['b-5g']);
    expect(await found('５ｇ')).toEqual(['b-5g']);
    expect(await found('GPT-4o')).toEqual(['b-gpt']);
    expect(await found('AI芯片')).toEqual(['i-ai']);
  });

  it('finds in the 全部 tab every item a type tab finds, over a word list', async () => {
    const words = [
      '瑞幸',
      '瑞幸 财报',
      '瑞幸 门店',
      '人工智能',
      '安克 新品',
      '电动车 素材',
      'AI 芯片',
      '增长',
      '宁德 钠离子',
    ];
    for (const word of words) {
      const all = await found(word);
      for (const type of DOC_TYPES) {
        const tab = await found(word, { types: [type] });
        expect({ word, type, missing: tab.filter((id) => !all.includes(id)) }).toEqual({
          word,
          type,
          missing: [],
        });
      }
    }
    // Every word is held by a headline, so a tab never falls back to any word.
    expect(await found('瑞幸 财报', { types: ['report'] })).toEqual([]);
  });

  it('answers hostile and odd input without error and quickly', async () => {
    const inputs = [
      '瑞',
      '，。！？',
      '***',
      '"',
      '瑞'.repeat(10_000),
      '瑞幸Coffee咖啡',
      '🚗☕️',
      '瑞幸☕️',
      'ＡＩ芯片',
      '人工智慧',
      '電動車',
      'a'.repeat(10_000),
      'NEAR( OR AND * ^ - :',
      "x' | !y <-> z",
    ];
    for (const keyword of inputs) {
      const started = performance.now();
      for (const types of [[], ['report']] as DocType[][]) {
        const result = await index.search(q(keyword, { types }));
        expect(result.total).toBeGreaterThanOrEqual(0);
      }
      expect({ keyword: keyword.slice(0, 20), fast: performance.now() - started < 2_000 }).toEqual({
        keyword: keyword.slice(0, 20),
        fast: true,
      });
    }
  });
});
