import { describe, expect, it } from 'vitest';
import { ftsString, keywordMatch, kindMatch } from './fts5-match.ts';

describe('FTS5 match expressions', () => {
  it('quotes every token and doubles quotes inside it', () => {
    expect(ftsString('新能源')).toBe('"新能源"');
    expect(ftsString('a"b')).toBe('"a""b"');
    expect(ftsString('NEAR(')).toBe('"NEAR("');
  });

  it('keeps words off the kind column and types on it', () => {
    const terms = [
      { word: 'or', grams: [] },
      { word: '新能源汽车', grams: ['新能', '能源', '源汽', '汽车'] },
    ];
    expect(keywordMatch(terms, 'and', 'text', ['report', 'analysis_material'])).toBe(
      '("or" AND ("新能源汽车" OR "新能 能源 源汽 汽车")) AND kind : ("kreport" OR "kanalysismaterial")',
    );
    // A word spelled like a kind token must not match the kind column.
    expect(keywordMatch([{ word: 'kreport', grams: [] }], 'and', 'text', [])).toBe(
      '{title tags body tgrams bgrams} : ("kreport")',
    );
    expect(keywordMatch(terms, 'or', 'title', [])).toBe(
      '{title tags tgrams} : ("or" OR ("新能源汽车" OR "新能 能源 源汽 汽车"))',
    );
    expect(kindMatch(['insight'])).toBe('kind : ("kinsight")');
    // A two-character word is its own gram: one token, found in word and gram columns alike.
    expect(keywordMatch([{ word: '瑞幸', grams: ['瑞幸'] }], 'and', 'text', [])).toBe('("瑞幸")');
  });
});
