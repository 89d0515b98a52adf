import { describe, expect, it } from 'vitest';
import { loadUserWords } from '../../search/segmenter.ts';
import { synonymTable } from '../../search/synonyms.ts';
import type { HeadlineRow } from './digest.repo.ts';
import { HeadlineIndex } from './planner.ts';

/** Issue 19: a digest keyword matches its synonym groups' other words, as a search does. */
const row = (id: number, title: string): HeadlineRow => ({
  id,
  title,
  description: '',
  content: '',
  source_name: '测试',
  published_at: 1_000 - id,
  created_at: 1_000 - id,
});
const HEADLINES = [
  row(1, '宁德时代发布麒麟电池'),
  row(2, 'CATL 匈牙利工厂投产'),
  row(3, '300750 股价创年内新高'),
  row(4, 'AI 应用加速落地'),
  row(5, '比亚迪发布年报'),
];
const GROUPS = [
  ['宁德时代', 'CATL', '300750'],
  ['人工智能', 'AI'],
];
const table = synonymTable(GROUPS);
// As readSynonymTable does: every member is one segmenter word.
loadUserWords(GROUPS.flat());

describe('digest keyword matching with synonyms', () => {
  it('finds every member of the keyword’s group, and only with the table', () => {
    const ids = (index: HeadlineIndex, keyword: string) =>
      index.hits(keyword).map((i) => index.headlines[i]?.id);
    const index = new HeadlineIndex(HEADLINES, table);
    expect(ids(index, '宁德时代')).toEqual([1, 2, 3]);
    expect(ids(index, '人工智能')).toEqual([4]);
    expect(ids(index, '宁德时代 电池')).toEqual([1]);
    expect(ids(index, '比亚迪')).toEqual([5]);
    expect(ids(new HeadlineIndex(HEADLINES), '宁德时代')).toEqual([1]);
  });
});
