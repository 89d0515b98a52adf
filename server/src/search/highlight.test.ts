import { describe, expect, it } from 'vitest';
import {
  bodyWindow,
  escapeHtml,
  highlightSnippet,
  highlightTitle,
  matchRanges,
  SNIPPET_CHARS,
  WINDOW_CHARS,
  windowTokens,
} from './highlight.ts';

describe('highlight', () => {
  it('escapes HTML and wraps every occurrence', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(highlightTitle('<b>电池</b>与电池回收', ['电池'])).toBe(
      '&lt;b&gt;<em>电池</em>&lt;/b&gt;与<em>电池</em>回收',
    );
  });

  it('merges overlapping and touching matches', () => {
    expect(highlightTitle('新能源汽车', ['新能源汽车', '新能源', '汽车'])).toBe('<em>新能源汽车</em>');
    expect(highlightTitle('安全测试', ['安全', '测试'])).toBe('<em>安全测试</em>');
  });

  it('matches normalised text but shows the original characters', () => {
    expect(highlightTitle('ＧＭＶ同比增长', ['gmv'])).toBe('<em>ＧＭＶ</em>同比增长');
    expect(highlightTitle('iPhone销量', ['iphone'])).toBe('<em>iPhone</em>销量');
  });

  it('keeps positions right when normalising changes the length of the text', () => {
    // ﬁ (one unit) normalises to "fi" (two); 𠀀 is two units; ㈱ becomes "(株)".
    expect(highlightTitle('ﬁnance季报', ['finance'])).toBe('<em>ﬁnance</em>季报');
    expect(highlightTitle('㈱𠀀𠀀电池回收', ['电池'])).toBe('㈱𠀀𠀀<em>电池</em>回收');
    expect(highlightTitle('𠀀半导体，ＡＩ芯片', ['ai', '芯片'])).toBe('𠀀半导体，<em>ＡＩ芯片</em>');
  });

  it('does not light up an ASCII token inside a longer word', () => {
    expect(matchRanges('AI said: ai', ['ai'])).toEqual([
      [0, 2],
      [9, 11],
    ]);
  });

  it('cuts SNIPPET_CHARS characters around the first match, with ellipses where text was cut', () => {
    const window = `${'前'.repeat(40)}折叠屏${'后'.repeat(197)}`;
    const snippet = highlightSnippet({ window, start: 500, more: true }, ['折叠屏']);
    expect(snippet.startsWith(`…${'前'.repeat(20)}<em>折叠屏</em>`)).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.replace(/<\/?em>|…/g, '')).toHaveLength(SNIPPET_CHARS);
  });

  it('starts at the body when nothing matches and collapses whitespace', () => {
    expect(highlightSnippet({ window: '第一段\n\n  第二段', start: 0, more: false }, ['无关'])).toBe(
      '第一段 第二段',
    );
  });

  it('ends with an ellipsis only when the database cut more body than the window holds', () => {
    const short = bodyWindow('短文'.repeat(10), 0);
    expect(short).toEqual({ window: '短文'.repeat(10), start: 0, more: false });
    const exact = bodyWindow('字'.repeat(WINDOW_CHARS), 3);
    expect(exact.more).toBe(false);
    // One code point beyond the window (an astral one, two UTF-16 units) means the body goes on.
    const long = bodyWindow('字'.repeat(WINDOW_CHARS) + '𠀀', 3);
    expect(long).toEqual({ window: '字'.repeat(WINDOW_CHARS), start: 3, more: true });
    expect(highlightSnippet(long, ['字']).endsWith('…')).toBe(true);
    expect(highlightSnippet({ window: '字'.repeat(10), start: 0, more: false }, ['字']).endsWith('…')).toBe(
      false,
    );
  });

  it('places body windows by the tokens that hold no other token', () => {
    expect(windowTokens(['新能源汽车', '新能源', '能源', '汽车', '宁德时代'])).toEqual([
      '能源',
      '汽车',
      '宁德时代',
    ]);
    expect(windowTokens(['', 'ai'])).toEqual(['ai']);
  });
});
