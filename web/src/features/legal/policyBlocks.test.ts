import { describe, expect, it } from 'vitest';
import { policyBlocks } from './policyBlocks.ts';

describe('policyBlocks', () => {
  it('reads "# " lines as headings, other lines as paragraphs, markup as text', () => {
    expect(policyBlocks('# 一、收集\n\n我们收集 <b>手机号</b>。\n  #不是标题\n')).toEqual([
      { kind: 'heading', text: '一、收集' },
      { kind: 'paragraph', text: '我们收集 <b>手机号</b>。' },
      { kind: 'paragraph', text: '#不是标题' },
    ]);
  });
});
