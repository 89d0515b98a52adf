import { describe, expect, it } from 'vitest';
import { headlineText, sanitizeHeadlineHtml } from './headline-html.ts';

describe('sanitizeHeadlineHtml', () => {
  it('keeps the text, paragraphs, headings, lists, tables and safe links and images', () => {
    const html =
      '<h3>小标题</h3><p>宁德时代<strong>发布</strong>新品。</p><ul><li>一</li></ul>' +
      '<table><tr><td colspan="2">表格</td></tr></table><img src="https://img.example.com/a.png" alt="图">';
    const clean = sanitizeHeadlineHtml(html);
    expect(clean).toContain('<h3>小标题</h3>');
    expect(clean).toContain('<strong>发布</strong>');
    expect(clean).toContain('<li>一</li>');
    expect(clean).toContain('<td colspan="2">表格</td>');
    expect(clean).toContain('<img src="https://img.example.com/a.png" alt="图" />');
  });

  it('drops script and style elements with their content', () => {
    const clean = sanitizeHeadlineHtml('<p>正文</p><script>alert(1)</script><style>p{color:red}</style>');
    expect(clean).toBe('<p>正文</p>');
  });

  it('drops event handlers and style attributes', () => {
    const clean = sanitizeHeadlineHtml(
      '<img src="https://x.example/a.png" onerror="alert(1)"><p style="color:red" onclick="x()">文</p>',
    );
    expect(clean).not.toMatch(/onerror|onclick|style/);
    expect(clean).toContain('<p>文</p>');
  });

  it('drops javascript: and data: URLs, in any case or spacing', () => {
    const links = [
      '<a href="javascript:alert(1)">a</a>',
      '<a href="JaVaScRiPt:alert(1)">a</a>',
      '<a href=" javascript:alert(1)">a</a>',
      '<a href="jav&#x09;ascript:alert(1)">a</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">a</a>',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="javascript:alert(1)">',
      '<a href="//evil.example/x">a</a>',
    ];
    for (const html of links) {
      const clean = sanitizeHeadlineHtml(html);
      expect(clean, html).not.toMatch(/javascript:|data:|evil/i);
    }
  });

  it('drops SVG, iframes, forms and objects', () => {
    const clean = sanitizeHeadlineHtml(
      '<svg onload="alert(1)"><script>alert(2)</script><circle r="1"/></svg><iframe src="https://x"></iframe>' +
        '<form action="https://x"><input></form><object data="x.swf"></object><p>留下</p>',
    );
    expect(clean).toBe('<p>留下</p>');
  });

  it('makes links open in a new tab without an opener', () => {
    expect(sanitizeHeadlineHtml('<a href="https://example.com/n">原文</a>')).toBe(
      '<a href="https://example.com/n" target="_blank" rel="noopener noreferrer">原文</a>',
    );
  });
});

describe('headlineText', () => {
  it('keeps block boundaries as spaces and decodes entities', () => {
    expect(headlineText('<p>宁德时代</p><p>发布 &amp; 上市</p>')).toBe('宁德时代 发布 & 上市');
  });
});
