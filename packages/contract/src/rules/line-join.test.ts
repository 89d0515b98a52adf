import { describe, expect, it } from 'vitest';
import { lineJoiner } from './line-join.ts';

describe('lineJoiner', () => {
  it('joins lines without a space when either side is Chinese, so a word a line break parted is one word again', () => {
    expect(lineJoiner('首批量产车型已经上', '市，预计')).toBe('');
    expect(lineJoiner('出货量', 'GPT-4o')).toBe('');
    expect(lineJoiner('the GPT', '（预览版）')).toBe('');
  });

  it('keeps a space between Latin lines, and after an empty line', () => {
    expect(lineJoiner('battery', 'storage')).toBe(' ');
    expect(lineJoiner('', 'storage')).toBe(' ');
  });
});
