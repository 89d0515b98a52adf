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

/** A text layer as pdf.js lays lines out: each line's runs, then a `<br>` (its end of line). */
function lines(...rows: string[][]): HTMLElement {
  const div = document.createElement('div');
  div.className = 'textLayer';
  for (const row of rows) {
    for (const run of row) {
      const span = document.createElement('span');
      span.textContent = run;
      div.append(span);
    }
    div.append(document.createElement('br'));
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

  it('marks a word a line break parted, in both lines, as search joined the lines', () => {
    // 新能源 ends one line and 汽车 starts the next (a trailing space before the break too).
    const div = lines(['动力电池与新能源 '], ['汽车产业链协同'], ['Open'], ['AI 芯片']);
    expect(markTerms(div, ['新能源汽车', 'openai'])).toBe(1);
    expect(marked(div)).toEqual(['新能源', '汽车']);
    // Each part stays in its own line's run, so the marks cover the glyphs where they are drawn.
    const spans = [...div.querySelectorAll('span')];
    expect(spans[0]?.querySelector('mark')?.textContent).toBe('新能源');
    expect(spans[1]?.querySelector('mark')?.textContent).toBe('汽车');
    expect(div.textContent).toBe('动力电池与新能源 汽车产业链协同OpenAI 芯片');
  });

  it('joins Latin lines with a space, so a Latin word is never made of two lines', () => {
    const div = lines(['battery'], ['storage market'], ['储能']);
    expect(markTerms(div, ['batterystorage', 'storage', '储能'])).toBe(2);
    expect(marked(div)).toEqual(['storage', '储能']);
  });
});
