import { describe, expect, it } from 'vitest';
import { htmlToPlainText, plainTextToHtml } from './plain-text-html.ts';

describe('plain text bodies', () => {
  it('escapes what an admin types and keeps its lines as paragraphs', () => {
    expect(plainTextToHtml('第一段 <script>alert("x")</script>\n\n  第二段 & 更多 \n')).toBe(
      '<p>第一段 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><p>第二段 &amp; 更多</p>',
    );
  });

  it('gives the typed text back from what was stored', () => {
    const typed = '价格 < 100 & 数量 > 5\n"引号" 与 \'单引号\'';
    expect(htmlToPlainText(plainTextToHtml(typed))).toBe(typed);
  });

  it('reads seeded rich text as lines', () => {
    expect(htmlToPlainText('<h3>核心亮点</h3><ul><li>续航&nbsp;1000公里</li><li>快充</li></ul>')).toBe(
      '核心亮点\n续航 1000公里\n快充',
    );
  });
});
