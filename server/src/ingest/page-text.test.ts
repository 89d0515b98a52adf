import { describe, expect, it } from 'vitest';
import { pageText, type PositionedText } from './page-text.ts';

/** A pdf.js-like text item at baseline `y` with font size `size`. */
const item = (str: string, y: number, size = 11, hasEOL = true): PositionedText => ({
  str,
  hasEOL,
  transform: [size, 0, 0, size, 72, y],
  height: size,
});

describe('pageText', () => {
  it('joins wrapped Chinese lines without a space', () => {
    const text = pageText([
      item('宁德时代作为动力电池龙头企业，继续保持领先地', 700),
      item('位。跨境电商持续增长。', 680),
    ]);
    expect(text).toBe('宁德时代作为动力电池龙头企业，继续保持领先地位。跨境电商持续增长。');
  });

  it('joins wrapped Latin lines with one space', () => {
    expect(pageText([item('Battery makers keep', 700), item('growing fast.', 684)])).toBe(
      'Battery makers keep growing fast.',
    );
  });

  it('starts a new line at a heading, a paragraph gap or a size change', () => {
    const text = pageText([
      item('一、市场规模', 760, 18),
      item('', 730, 11), // pdf.js emits empty end-of-line items between runs
      item('第一段第一行', 730),
      item('第一段第二行。', 710),
      item('第二段。', 670), // 40 pt below: a paragraph gap
      item('数据来源：洞见研究院', 640, 8),
    ]);
    expect(text.split('\n')).toEqual([
      '一、市场规模',
      '第一段第一行第一段第二行。',
      '第二段。',
      '数据来源：洞见研究院',
    ]);
  });

  it('keeps items of one line together and ignores marked-content items', () => {
    const text = pageText([
      { type: 'beginMarkedContent', id: 'x' },
      item('2024年', 700, 11, false),
      item('营收', 700, 11, false),
      item(' 同比增长', 700, 11, true),
    ]);
    expect(text).toBe('2024年营收 同比增长');
  });

  it('returns an empty string for a page without text', () => {
    expect(pageText([])).toBe('');
  });
});
