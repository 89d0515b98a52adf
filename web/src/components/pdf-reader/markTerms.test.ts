import { describe, expect, it } from 'vitest';
import { markTerms } from './markTerms.ts';

function layer(...runs: string[]): HTMLElement {
  const div = document.createElement('div');
  div.className = 'textLayer';
  for (const run of runs) {
    const span = document.createElement('span');
    span.textContent = run;
    div.append(span);
  }
  return div;
}

const marked = (div: HTMLElement) => [...div.querySelectorAll('mark.pdf-term')].map((m) => m.textContent);

describe('markTerms', () => {
  it('wraps every occurrence of the terms inside their text run, keeping the text', () => {
    const div = layer('钠离子电池在低温性能上具备优势', '其他段落', '钠离子电池与锂电池');
    expect(markTerms(div, ['钠离子电池', '锂电池'])).toBe(3);
    expect(marked(div)).toEqual(['钠离子电池', '钠离子电池', '锂电池']);
    expect(div.textContent).toBe('钠离子电池在低温性能上具备优势其他段落钠离子电池与锂电池');
  });

  it('matches Latin whole and case-insensitively, and prefers the longer of overlapping terms', () => {
    const div = layer('OpenAI 发布 GPT-4o，AI 芯片需求上升', '人工智能与人工');
    expect(markTerms(div, ['ai', 'gpt', '人工', '人工智能'])).toBe(4);
    expect(marked(div)).toEqual(['GPT', 'AI', '人工智能', '人工']);
  });

  it('marks nothing without terms or matches, and never marks a mark again', () => {
    const div = layer('行业概况');
    expect(markTerms(div, [])).toBe(0);
    expect(markTerms(div, ['储能'])).toBe(0);
    expect(markTerms(div, ['行业'])).toBe(1);
    expect(markTerms(div, ['行业'])).toBe(0);
    expect(marked(div)).toEqual(['行业']);
  });
});
