/**
 * Puts `tags` in <head> before its first script (the entry chunk, then its modulepreloads): a
 * page's largest picture asked for there starts before ~20 scripts that the browser — and
 * Lighthouse's simulated phone, six connections per origin — would otherwise fetch first. The
 * page paints from its server-rendered HTML; the scripts only take it over. Without a script in
 * the head, before </head>.
 */
export function beforeFirstScript(html: string, tags: string): string {
  const head = /<head>[\s\S]*?<\/head>/i.exec(html);
  if (!head) {
    return html;
  }
  const at = head[0].search(/<script\b/i);
  if (at === -1) {
    const end = head.index + head[0].length - '</head>'.length;
    return `${html.slice(0, end)}    ${tags}\n  ${html.slice(end)}`;
  }
  const place = head.index + at;
  return `${html.slice(0, place)}${tags}\n    ${html.slice(place)}`;
}

/** A stylesheet's text by its path under the build ('/assets/x.css'), or null when unreadable. */
export type CssText = (href: string) => string | null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page's stylesheets in its HTML, in one `<style>` before the scripts, instead of `<link>`s.
 * A stylesheet link blocks the first paint until it has arrived, and on a phone over HTTP/1.1
 * (six connections, Lighthouse's simulated 150 ms round trips) the page's 5–9 stylesheets queued
 * with its scripts: the server-rendered screen painted after ~2 s instead of with its HTML. The
 * cost: each full page load carries its CSS again (~10 KiB compressed) where a link is cached —
 * but moving between screens inside the app loads no HTML, and a screen's CSS is a few KiB.
 *
 * Each inlined file also gets a `disabled` link, which the browser does not fetch: Vite's loader
 * looks for a stylesheet link with that href before it adds one when the screen's code loads.
 * A file that cannot be read (or could end the style element early) stays a link.
 */
export function withInlineStyles(html: string, styles: string[], cssText: CssText): string {
  const inline: string[] = [];
  const linked: string[] = [];
  for (const href of styles) {
    const text = cssText(href);
    (text !== null && !/<\/style/i.test(text) ? inline : linked).push(href);
  }
  let out = html;
  for (const href of styles) {
    out = out.replace(
      new RegExp(`[ \\t]*<link rel="stylesheet"[^>]*href="${escapeRegExp(href)}"[^>]*>\\n?`),
      '',
    );
  }
  const tags = [
    ...(inline.length > 0 ? [`<style>${inline.map((href) => cssText(href)).join('\n')}</style>`] : []),
    ...inline.map((href) => `<link rel="stylesheet" href="${href}" disabled>`),
    ...linked.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ];
  return tags.length > 0 ? beforeFirstScript(out, tags.join('\n    ')) : out;
}
