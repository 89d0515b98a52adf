import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  documentTsvectors,
  periodLexemes,
  quoteLexeme,
  wholeWordsQuery,
  wordsQuery,
} from './pg-lexemes.ts';
import {
  nextOrdInSecond,
  ORD_SLOTS_PER_SECOND,
  ordRangeOfSecond,
  publishSecond,
  secondOfOrd,
} from './publish-order.ts';
import type { PreparedDoc } from './search.types.ts';

const day = (iso: string) => dayNumber(Date.parse(`${iso}T00:00:00Z`));

describe('PostgreSQL lexemes', () => {
  it('quotes lexemes so no operator can get through', () => {
    expect(quoteLexeme('新能源')).toBe("'新能源'");
    expect(quoteLexeme("a'b\\c")).toBe("'a''b\\\\c'");
    expect(
      wordsQuery(
        [
          { word: "x' | !y", grams: [] },
          { word: '新能源车', grams: ['新能', '能源', '源车'] },
          { word: '瑞幸', grams: ['瑞幸'] },
        ],
        'and',
      ),
    ).toBe("('x'' | !y' & ('新能源车' | ('^新能' <-> '^能源' <-> '^源车')) & ('瑞幸' | '^瑞幸'))");
  });

  it('asks for the words alone, synonyms included, where the ranking vector ranks', () => {
    const terms = [
      { word: '瑞幸', grams: ['瑞幸'] },
      {
        word: '电动车',
        grams: ['电动', '动车'],
        alts: [
          [{ word: '电动汽车', grams: ['电动', '动汽', '汽车'] }],
          [
            { word: 'ev', grams: [] },
            { word: '新车', grams: ['新车'] },
          ],
        ],
      },
    ];
    expect(wholeWordsQuery(terms, 'and')).toBe("('瑞幸' & ('电动车' | '电动汽车' | ('ev' & '新车')))");
    expect(wordsQuery(terms, 'or')).toBe(
      "(('瑞幸' | '^瑞幸') | ('电动车' | ('^电动' <-> '^动车') | ('电动汽车' | ('^电动' <-> '^动汽' <-> '^汽车')) | ('ev' & ('新车' | '^新车'))))",
    );
  });

  it('weights title and tags A, body B, and adds type and period lexemes', () => {
    const doc: PreparedDoc = {
      id: 'x',
      type: 'report',
      title: '',
      body: '',
      tags: [],
      publishedAtMs: Date.parse('2026-03-02T08:00:00Z'),
      hot: 0,
      titleTokens: '电池 报告',
      tagTokens: '电池',
      bodyTokens: '电池 市场',
      titleGrams: '电池 池报 报告 电池',
      bodyGrams: '电池 市场',
    };
    // Grams count their own positions, so a gram phrase never spans a word.
    expect(documentTsvectors(doc).full).toBe(
      "'电池':1A,3A,4B '报告':2A '市场':5B '~kreport' '~y2026' '~m202603' '~d20260302'" +
        " '^电池':1A,4A,5B '^池报':2A '^报告':3A '^市场':6B",
    );
    // The ranking vector: the same words at the same positions, nothing else.
    expect(documentTsvectors(doc).words).toBe("'电池':1A,3A,4B '报告':2A '市场':5B");
  });

  it('covers a period with whole years, whole months and single days', () => {
    expect(periodLexemes(day('2025-12-30'), day('2027-02-03'))).toEqual([
      '~d20251230',
      '~d20251231',
      '~y2026',
      '~m202701',
      '~d20270201',
      '~d20270202',
    ]);
    expect(periodLexemes(day('2024-02-01'), day('2024-03-01'))).toEqual(['~m202402']);
    expect(periodLexemes(day('2024-02-01'), day('2024-02-01'))).toEqual([]);
  });
});

describe('publish order', () => {
  it('keys documents by publish second, then by arrival within the second', () => {
    const second = publishSecond(Date.parse('2026-03-02T08:00:00.900Z'));
    const { first, last } = ordRangeOfSecond(second);
    expect(nextOrdInSecond(second, null)).toBe(first);
    expect(nextOrdInSecond(second, first)).toBe(first + 1);
    expect(nextOrdInSecond(second, first - 5)).toBe(first);
    expect(secondOfOrd(first + 7)).toBe(second);
    expect(last - first + 1).toBe(ORD_SLOTS_PER_SECOND);
    expect(() => nextOrdInSecond(second, last)).toThrow(/more than/);
    // An older document always sorts below a newer one, whatever order they arrive in.
    expect(ordRangeOfSecond(second - 1).last).toBeLessThan(first);
    expect(
      Number.isSafeInteger(ordRangeOfSecond(publishSecond(Date.parse('2200-01-01T00:00:00Z'))).last),
    ).toBe(true);
  });
});
