/**
 * Highlighting in JavaScript from the stored text: HTML-escaped, matched tokens in <em>.
 * Tokens are normalised (NFKC, lower case), so the text is normalised code point by code
 * point with a map back to the original, and the original characters are what is shown.
 */

export const SNIPPET_CHARS = 120;
/** Characters shown before the first match, so the snippet reads as context. */
const SNIPPET_LEAD = 20;
/** How much body the databases cut around the first match (code points before, total). */
export const WINDOW_BEFORE = 40;
export const WINDOW_CHARS = 240;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

type Range = [start: number, end: number];

const ASCII_WORD_CHAR = /[a-z0-9]/;

/**
 * One character as the tokenizer sees it. ASCII and CJK ideographs (almost all of a
 * Chinese text) are handled without calling normalize(), which costs ~1 µs a character.
 */
function normalizeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x80) {
    return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
  }
  if (code >= 0x4e00 && code <= 0x9fff) {
    return ch;
  }
  return ch.normalize('NFKC').toLowerCase();
}
const ASCII_TOKEN = /^[a-z0-9]+$/;

/**
 * Ranges of `text` (UTF-16 indices of the original) where any token occurs, merged.
 * ASCII tokens must stand alone (so "ai" does not light up inside "said"); Chinese
 * tokens match anywhere, as Chinese has no spaces.
 */
export function matchRanges(text: string, tokens: readonly string[]): Range[] {
  // Browsing without a keyword highlights nothing: skip normalising every character.
  if (!tokens.some((token) => token.length > 0)) {
    return [];
  }
  let normalized = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const n = normalizeChar(ch);
    normalized += n;
    for (let k = 0; k < n.length; k++) {
      origin.push(at);
    }
    at += ch.length;
  }
  origin.push(at);
  const found: Range[] = [];
  for (const token of tokens) {
    if (token.length === 0) {
      continue;
    }
    const ascii = ASCII_TOKEN.test(token);
    for (let i = normalized.indexOf(token); i !== -1; i = normalized.indexOf(token, i + 1)) {
      const end = i + token.length;
      if (
        ascii &&
        (ASCII_WORD_CHAR.test(normalized[i - 1] ?? '') || ASCII_WORD_CHAR.test(normalized[end] ?? ''))
      ) {
        continue;
      }
      const start = origin[i] ?? 0;
      // The end maps to the start of the next original character, so a multi-unit
      // normalisation (ﬁ → fi) highlights whole original characters.
      const last = origin[end - 1] ?? start;
      found.push([start, last + ((text.codePointAt(last) ?? 0) > 0xffff ? 2 : 1)]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of found) {
    const prev = merged[merged.length - 1];
    if (prev && r[0] <= prev[1]) {
      prev[1] = Math.max(prev[1], r[1]);
    } else {
      merged.push([r[0], r[1]]);
    }
  }
  return merged;
}

function render(text: string, ranges: readonly Range[]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += escapeHtml(text.slice(at, start)) + '<em>' + escapeHtml(text.slice(start, end)) + '</em>';
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

/** The whole title, escaped, terms in <em>. */
export function highlightTitle(title: string, tokens: readonly string[]): string {
  return render(title, matchRanges(title, tokens));
}

/**
 * A slice of a body cut by the database: `window` starts `start` code points into the body;
 * `more` when the body goes on after it. (The databases cut WINDOW_CHARS + 1 code points and
 * `bodyWindow` turns the extra one into `more`, so no query measures a whole report body.)
 */
export type BodyWindow = { window: string; start: number; more: boolean };

/** The BodyWindow of a database cut of up to WINDOW_CHARS + 1 code points from `start`. */
export function bodyWindow(cut: string, start: number): BodyWindow {
  const chars = [...cut];
  if (chars.length <= WINDOW_CHARS) {
    return { window: cut, start, more: false };
  }
  return { window: chars.slice(0, WINDOW_CHARS).join(''), start, more: true };
}

/**
 * About SNIPPET_CHARS characters of body beginning a little before the first match
 * (or the body's start when nothing matches in it), whitespace collapsed, "…" where text
 * was cut, escaped, terms in <em>.
 */
export function highlightSnippet(body: BodyWindow, tokens: readonly string[]): string {
  const chars = [...body.window.replace(/\s+/g, ' ')];
  const text = chars.join('');
  const first = matchRanges(text, tokens)[0];
  let from = 0;
  if (first) {
    // UTF-16 index → code point index.
    from = Math.max(0, [...text.slice(0, first[0])].length - SNIPPET_LEAD);
  }
  const to = Math.min(chars.length, from + SNIPPET_CHARS);
  const piece = chars.slice(from, to).join('').trim();
  const cutBefore = body.start + from > 0;
  const cutAfter = to < chars.length || body.more;
  return (cutBefore ? '…' : '') + render(piece, matchRanges(piece, tokens)) + (cutAfter ? '…' : '');
}
