import { describe, expect, it } from 'vitest';
import { termRanges, type TTextRun } from './term-ranges.ts';

const run = (text: string, eol = false): TTextRun => ({ text, eol });

describe('termRanges', () => {
  it('finds a word a line break parted, a range in each line, and counts it once', () => {
    const runs = [run('首批量产车型已经上 ', true), run(' 市，预计将在两轮车', true)];
    expect(termRanges(runs, ['上市'])).toEqual({
      found: 1,
      ranges: [
        { run: 0, start: 8, end: 9 },
        { run: 1, start: 1, end: 2 },
      ],
    });
  });

  it('joins the runs of one line as they are, Latin lines with a space, and never across a barrier', () => {
    const runs = [
      run('钠离子'),
      run('电池', true),
      run('battery', true),
      run('storage', true),
      null,
      run('储能'),
    ];
    const { found, ranges } = termRanges(runs, ['钠离子电池', 'batterystorage', 'storage', '池b', '储能']);
    expect(found).toBe(3);
    expect(ranges.map((r) => r.run)).toEqual([0, 1, 3, 5]);
  });

  it('matches Latin whole and case-insensitively, longest term first, and keeps side-by-side occurrences apart', () => {
    const { found, ranges } = termRanges(
      [run('OpenAI 与 AI芯片 人工智能人工智能')],
      ['ai', '人工', '人工智能'],
    );
    expect(found).toBe(3);
    expect(ranges).toEqual([
      { run: 0, start: 9, end: 11 },
      { run: 0, start: 14, end: 18 },
      { run: 0, start: 18, end: 22 },
    ]);
  });

  it('finds nothing without terms, and leaves text whose folding changes its length alone', () => {
    expect(termRanges([run('行业概况')], [])).toEqual({ found: 0, ranges: [] });
    expect(termRanges([run('ﬁ行业')], ['行业']).found).toBe(0);
  });
});
