import { describe, expect, it } from 'vitest';
import { beforeFirstScript, withInlineStyles } from './head-tags.ts';

const BUILT = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>洞察门户</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

const CSS: Record<string, string> = {
  '/assets/index-1.css': 'body{margin:0}',
  '/assets/Home-1.css': '.card{color:#111}',
  '/assets/odd-1.css': '.x::after{content:"</style>"}',
};
const cssText = (href: string) => CSS[href] ?? null;

describe('withInlineStyles', () => {
  it("puts the page's CSS in one style element before the scripts, entry first, and drops its links", () => {
    const html = withInlineStyles(BUILT, ['/assets/index-1.css', '/assets/Home-1.css'], cssText);
    expect(html).toContain('<style>body{margin:0}\n.card{color:#111}</style>');
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    const order = ['<style>', '<script type="module"', 'rel="modulepreload"'].map((tag) => html.indexOf(tag));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('marks each inlined file with a disabled link, so the app loading the screen does not fetch it again', () => {
    const html = withInlineStyles(BUILT, ['/assets/index-1.css', '/assets/Home-1.css'], cssText);
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-1.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/Home-1.css" disabled>');
  });

  it('keeps a link, before the scripts, for a file it cannot read or that would end the style early', () => {
    const html = withInlineStyles(
      BUILT,
      ['/assets/index-1.css', '/assets/gone-1.css', '/assets/odd-1.css'],
      cssText,
    );
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).not.toContain('</style>"');
    for (const href of ['/assets/gone-1.css', '/assets/odd-1.css']) {
      const link = html.indexOf(`<link rel="stylesheet" crossorigin href="${href}">`);
      expect(link).toBeGreaterThan(0);
      expect(link).toBeLessThan(html.indexOf('<script'));
    }
  });

  it('keeps a picture preload put before the scripts earlier ahead of the styles', () => {
    const withImage = beforeFirstScript(
      BUILT,
      '<link rel="preload" as="image" href="/b.webp" fetchpriority="high">',
    );
    const html = withInlineStyles(withImage, ['/assets/index-1.css'], cssText);
    expect(html.indexOf('as="image"')).toBeLessThan(html.indexOf('<style>'));
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('<script'));
  });
});
