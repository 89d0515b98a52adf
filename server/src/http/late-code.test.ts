import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LATE_CODE_ELEMENT_ID, LATE_CODE_SCRIPT, withLateCode } from './late-code.ts';
import { contentSecurityPolicy } from './security.ts';

const PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>首页 - 洞察门户</title>
    <link rel="preload" as="image" href="/files/banner.webp" fetchpriority="high">
    <style>.card{color:red}</style>
    <script>(function(){})();</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/HomePage-1.js">
  </head>
  <body>
    <div id="root"><main>内容</main></div>
  </body>
</html>
`;

function lateCodeOf(html: string): { entry: string; preloads: string[] } {
  const block = new RegExp(
    `<script type="application/json" id="${LATE_CODE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return JSON.parse(block?.[1] ?? 'null') as { entry: string; preloads: string[] };
}

describe('withLateCode', () => {
  it('takes the entry script and modulepreloads out of <head> and lists them, in order, for the loader at the end of <body>', () => {
    const html = withLateCode(PAGE);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|modulepreload/);
    // What the page needs before its code stays in the head: the picture preload, styles, the early-input script.
    expect(head).toContain('<link rel="preload" as="image" href="/files/banner.webp" fetchpriority="high">');
    expect(head).toContain('<style>.card{color:red}</style>');
    expect(head).toContain('<script>(function(){})();</script>');
    expect(lateCodeOf(html)).toEqual({
      entry: '/assets/index-1.js',
      preloads: ['/assets/react-1.js', '/assets/HomePage-1.js'],
    });
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('<div id="root">')).toBeLessThan(body.indexOf(`id="${LATE_CODE_ELEMENT_ID}"`));
    expect(body).toContain(`<script>${LATE_CODE_SCRIPT}</script>\n  </body>`);
  });

  it("lists the screen's own chunks after the build's, each once", () => {
    const html = withLateCode(PAGE, ['/assets/HomePage-1.js', '/assets/ShellLayout-1.js']);
    expect(lateCodeOf(html).preloads).toEqual([
      '/assets/react-1.js',
      '/assets/HomePage-1.js',
      '/assets/ShellLayout-1.js',
    ]);
  });

  it('leaves a page without an entry script as it is', () => {
    const plain = PAGE.replace(/ *<script type="module"[^\n]*\n/, '');
    expect(withLateCode(plain)).toBe(plain);
  });

  it('keeps the list inside its element whatever the paths hold', () => {
    const html = withLateCode(PAGE.replace('/assets/react-1.js', '/assets/</script><b>x.js'));
    expect(lateCodeOf(html).preloads[0]).toBe('/assets/</script><b>x.js');
    expect(html).not.toContain('</script><b>');
  });

  it('is allowed by the CSP by the hash of its exact text', () => {
    const hash = createHash('sha256').update(LATE_CODE_SCRIPT, 'utf8').digest('base64');
    const scriptSrc = contentSecurityPolicy([])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
