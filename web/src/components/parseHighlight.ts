/** A run of highlight text: plain, or a matched term (`em`). */
export type THighlightPart = { text: string; em: boolean };

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Turns the server's HTML escapes back into text; React escapes it again when it renders. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Splits a search highlight (server-escaped HTML whose only tags are `<em>` and `</em>`) into
 * text runs. Defence in depth: nothing in it is ever treated as markup except those two exact
 * tags — any other tag, attribute or script stays literal text — and the result is rendered
 * as React text nodes, never as HTML.
 */
export function parseHighlight(html: string): THighlightPart[] {
  const parts: THighlightPart[] = [];
  let em = false;
  for (const token of html.split(/(<\/?em>)/i)) {
    const tag = token.toLowerCase();
    if (tag === '<em>') {
      em = true;
    } else if (tag === '</em>') {
      em = false;
    } else if (token !== '') {
      const text = decodeEntities(token);
      const last = parts.at(-1);
      if (last && last.em === em) {
        last.text += text;
      } else {
        parts.push({ text, em });
      }
    }
  }
  return parts;
}
