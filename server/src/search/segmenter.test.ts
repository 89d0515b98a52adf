import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { describe, expect, it } from 'vitest';
import {
  gramTokens,
  indexTokens,
  MAX_TOKEN_CHARS,
  loadUserWords,
  loadedUserWords,
  MAX_QUERY_TERMS,
  normalizeToken,
  queryTerms,
  queryTokens,
} from './segmenter.ts';

// One file, one segmenter: the first block runs before any user word is loaded.
describe('segmenter', () => {
  it('splits business names without a user dictionary (why the dictionary exists)', () => {
    expect(queryTokens('宁德时代')).toEqual(['宁德', '时代']);
    expect(queryTokens('跨境电商')).toEqual(['跨境', '电商']);
    expect(queryTokens('新能源汽车')).toEqual(['新能源', '汽车']);
  });

  it('keeps user words whole once loaded, in documents and queries', () => {
    expect(loadUserWords(['宁德时代', '跨境电商', '私域', '新能源汽车', '私域', ' ', 'A&B', '车'])).toEqual([
      '宁德时代',
      '跨境电商',
      '私域',
      '新能源汽车',
    ]);
    expect(loadedUserWords()).toContain('宁德时代');
    expect(queryTokens('宁德时代')).toEqual(['宁德时代']);
    expect(queryTokens('跨境电商私域运营')).toEqual(['跨境电商', '私域', '运营']);
    const doc = indexTokens('宁德时代发布新能源汽车电池');
    expect(doc).toContain('宁德时代');
    expect(doc).toContain('新能源汽车');
  });

  it('indexes in search mode, so a query word always meets the document tokens', () => {
    // Search mode adds the dictionary words inside a long word.
    expect(indexTokens('新能源汽车行业')).toEqual(
      expect.arrayContaining(['新能源汽车', '新能源', '能源', '汽车', '行业']),
    );
    // A Han query word also matches as a phrase of its bigrams, wherever the text holds it.
    expect(queryTerms('新能源汽车')).toEqual([
      { word: '新能源汽车', grams: ['新能', '能源', '源汽', '汽车'] },
    ]);
    expect(queryTerms('私域')).toEqual([{ word: '私域', grams: ['私域'] }]);
    expect(queryTerms('GPT-4o')).toEqual([
      { word: 'gpt', grams: [] },
      { word: '4', grams: [] },
      { word: 'o', grams: [] },
    ]);
  });

  it('indexes Han bigrams beside the words, never across punctuation or Latin', () => {
    expect(gramTokens('瑞幸咖啡，AI芯片 鹏')).toEqual(['瑞幸', '幸咖', '咖啡', '芯片']);
    expect(gramTokens('ＡＩ')).toEqual([]);
  });

  it('splits a mixed token into its scripts, in documents and queries', () => {
    loadUserWords(['AI芯片']);
    expect(indexTokens('国产AI芯片')).toEqual(expect.arrayContaining(['ai芯片', 'ai', '芯片']));
    expect(queryTokens('AI芯片')).toEqual(['ai', '芯片']);
    expect(queryTokens('ＡＩ')).toEqual(['ai']);
    expect(queryTokens('300750.SZ')).toEqual(['300750', 'sz']);
  });

  it('keeps single characters jieba left side by side together as one word', () => {
    // jieba cuts 极氪 (a car brand it does not know) into 极 | 氪.
    expect(queryTerms('极氪')).toEqual([{ word: '极氪', grams: ['极氪'] }]);
    expect(queryTokens('极氪，汽车')).toEqual(['极氪', '汽车']);
    expect(queryTokens('的')).toEqual(['的']);
  });

  it('normalises: NFKC, lower case, letters and digits only', () => {
    expect(normalizeToken('ＧＭＶ')).toEqual(['gmv']);
    expect(indexTokens('iPhone 15 Pro，GMV增长35.6%！🚗')).toEqual([
      'iphone',
      '15',
      'pro',
      'gmv',
      '增长',
      '35',
      '6',
    ]);
    expect(queryTokens('ＩＰＨＯＮＥ')).toEqual(['iphone']);
    expect(indexTokens('  \n\t ')).toEqual([]);
    // Runs no one searches for are left out (PostgreSQL refuses lexemes over 2,046 bytes).
    expect(indexTokens(`储能${'丙'.repeat(3000)} ${'a'.repeat(MAX_TOKEN_CHARS + 1)} 电站`)).toEqual([
      '储能',
      '电站',
    ]);
  });

  it('dedupes, drops stop words unless nothing else is left, and bounds the query', () => {
    expect(queryTokens('电池 电池 的 电池')).toEqual(['电池']);
    expect(queryTokens('的')).toEqual(['的']);
    expect(queryTokens('！？。…')).toEqual([]);
    const long = queryTokens(Array.from({ length: 500 }, (_, i) => `词${i}`).join(' '));
    expect(long.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
    const started = performance.now();
    expect(queryTokens('新能源汽车'.repeat(2000))).toEqual(['新能源汽车']);
    expect(queryTokens('x'.repeat(10_000))).toEqual(['x'.repeat(200)]);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('sorts pieces and characters by code as the Unicode rule does, in every script and block', () => {
    // The rule the fast paths stand in for (segmenter.ts pieceKind, gramsOf): each jieba piece
    // through normalizeToken, and the bigrams of every run of two or more \p{Script=Han}.
    const reference = Jieba.withDict(dict);
    reference.loadDict(
      Buffer.from(
        loadedUserWords()
          .map((w) => `${w} 200000`)
          .join('\n') + '\n',
      ),
    );
    const referenceWords = (text: string) =>
      reference
        .cutForSearch(text.normalize('NFKC').toLowerCase(), true)
        .flatMap((piece) => normalizeToken(piece))
        .filter((token) => token.length <= MAX_TOKEN_CHARS)
        .flatMap((token) =>
          /[a-z0-9]/.test(token) && /[^\p{ASCII}]/u.test(token)
            ? [token, ...(token.match(/[a-z0-9]+|[^a-z0-9]+/g) ?? [])]
            : [token],
        );
    const referenceGrams = (text: string) =>
      [
        ...text
          .normalize('NFKC')
          .toLowerCase()
          .matchAll(/\p{Script=Han}{2,}/gu),
      ].flatMap(([run]) => {
        const chars = [...run];
        return chars.slice(1).map((c, i) => `${chars[i]}${c}`);
      });
    const samples = [
      '々〇〡〢 三〇〇 佐々木，〆切〻！　全角　空格、《报告》“引号”‘单’—破折…省略',
      '扩展A㐀㐁 扩展B𠀀𠀁𪚥 兼容豈更 部首⺀⺁ 笔画㇀ 注音ㄅㄆ',
      'ｶﾀｶﾅ カタカナ ひらがな 한국어 Ελληνικά кириллица ÀÉÎ ß ﬁ ① ² ½ Ⅻ',
      'Tesla Model 3，GPT-4o；5G/6G：300750.SZ（宁德）[注] {括} <尖> @#$%^&*_+=|\\~`',
      '🚗电动车🔋锂电池\u200b零宽\ufeff字节序 \ud800孤\udc00立',
      '人工智能AI芯片，ai芯片与Ai芯片 中芯国际SMIC 比亚迪BYD 2026年第3季度',
    ];
    for (const text of samples) {
      expect(indexTokens(text)).toEqual(referenceWords(text));
      expect(gramTokens(text)).toEqual(referenceGrams(text));
    }
  });
});
