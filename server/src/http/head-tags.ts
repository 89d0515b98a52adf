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
