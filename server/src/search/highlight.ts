/**
 * Highlighting in JavaScript from the stored text: HTML-escaped, matched tokens in <em>.
 * Tokens are normalised (NFKC, lower case), so the text is normalised code point by code
 * point with a map back to the original, and the original characters are what is shown.
 */

/**
 * Snippet length. A headline card is all text (5:8, 274 px wide and up): below a three-line
 * title it holds about 200 characters of body at 13 px, and shorter snippets left most of it
 * blank. The database windows (WINDOW_CHARS from WINDOW_BEFORE before the match) hold it.
 */
export const SNIPPET_CHARS = 200;
/** Characters shown before the first match, so the snippet reads as context. */
const SNIPPET_LEAD = 20;
/** How much body the databases cut around the first match (code points before, total). */
export const WINDOW_BEFORE = 40;
export const WINDOW_CHARS = 240;
/** Code points of a body's lead, searched before the body itself (search.schema.ts addBodyLeads). */
export const BODY_LEAD_CHARS = 1000;

/** The first BODY_LEAD_CHARS code points of `body`, or null when the body is no longer than that. */
export function bodyLead(body: string): string | null {
  if (body.length <= BODY_LEAD_CHARS) {
    return null;
  }
  const chars = astralChars(body);
  return cpLength(body, chars) > BODY_LEAD_CHARS ? cpSlice(body, chars, 0, BODY_LEAD_CHARS) : null;
}
/** At most this many tokens are looked for in a body to place its window. */
const WINDOW_TOKENS = 8;

/**
 * The tokens the databases look for in a body to place its window: those that hold no other
 * token. 新能源汽车 holds 汽车, which occurs at most three characters after it, well inside the
 * WINDOW_BEFORE lead, so each body is searched two or three times instead of five or six.
 */
export function windowTokens(tokens: readonly string[]): string[] {
  const words = tokens.filter((t) => t.length > 0);
  return words.filter((t) => !words.some((o) => o !== t && t.includes(o))).slice(0, WINDOW_TOKENS);
}

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
  let n = normalized.get(ch);
  if (n === undefined) {
    n = ch.normalize('NFKC').toLowerCase();
    if (normalized.size >= NORMALIZED_ENTRIES) {
      normalized.clear();
    }
    normalized.set(ch, n);
  }
  return n;
}
/** Other characters already normalised: Chinese punctuation (，。：“”) recurs in every snippet. */
const normalized = new Map<string, string>();
const NORMALIZED_ENTRIES = 4096;
const ASCII_TOKEN = /^[a-z0-9]+$/;

/**
 * `text` as the tokenizer sees it. `origin` maps each UTF-16 index of `normalized` to the index
 * of the original character it came from; it is null when every character kept its length
 * (nearly every Chinese text: full-width punctuation becomes one ASCII unit), so indices are
 * shared and nothing is built per character. Only upper-case ASCII and characters outside ASCII
 * and the CJK block can change (normalizeChar); the rest are copied a run at a time (a loop
 * over char codes: a regular expression with a replacement callback cost twice as much).
 */
function normalizeText(text: string): { normalized: string; origin: number[] | null } {
  let aligned = true;
  let normalized = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 ? code < 65 || code > 90 : code >= 0x4e00 && code <= 0x9fff) {
      continue;
    }
    // A surrogate pair is one character.
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const ch = pair ? text.slice(i, i + 2) : text[i]!;
    const n = normalizeChar(ch);
    if (n !== ch) {
      normalized += text.slice(copied, i) + n;
      copied = i + ch.length;
      aligned &&= n.length === ch.length;
    }
    if (pair) {
      i++;
    }
  }
  normalized = copied === 0 ? text : normalized + text.slice(copied);
  if (aligned) {
    return { normalized, origin: null };
  }
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const n = normalizeChar(ch);
    for (let k = 0; k < n.length; k++) {
      origin.push(at);
    }
    at += ch.length;
  }
  origin.push(at);
  return { normalized, origin };
}

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
  const { normalized, origin } = normalizeText(text);
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
      const start = origin ? (origin[i] ?? 0) : i;
      // The end maps to the start of the next original character, so a multi-unit
      // normalisation (ﬁ → fi) highlights whole original characters.
      const last = origin ? (origin[end - 1] ?? start) : end - 1;
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
  const chars = astralChars(cut);
  if (cpLength(cut, chars) <= WINDOW_CHARS) {
    return { window: cut, start, more: false };
  }
  return { window: cpSlice(cut, chars, 0, WINDOW_CHARS), start, more: true };
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * `text` split into code points when it holds a surrogate; null when every UTF-16 unit is a
 * code point (nearly every text), so it is measured and sliced as it is.
 */
function astralChars(text: string): string[] | null {
  return SURROGATE.test(text) ? [...text] : null;
}

/** The length of `text` in code points (`chars`: its astralChars). */
function cpLength(text: string, chars: string[] | null): number {
  return chars ? chars.length : text.length;
}

/** Code points `from` to `to` of `text`. */
function cpSlice(text: string, chars: string[] | null, from: number, to: number): string {
  return chars ? chars.slice(from, to).join('') : text.slice(from, to);
}

/** The code point index of UTF-16 index `unit` of `text`. */
function cpIndex(text: string, chars: string[] | null, unit: number): number {
  return chars ? [...text.slice(0, unit)].length : unit;
}

/**
 * About SNIPPET_CHARS characters of body beginning a little before the first match
 * (or the body's start when nothing matches in it), whitespace collapsed, "…" where text
 * was cut, escaped, terms in <em>.
 */
export function highlightSnippet(body: BodyWindow, tokens: readonly string[]): string {
  const text = body.window.replace(/\s+/g, ' ');
  const chars = astralChars(text);
  const length = cpLength(text, chars);
  const first = matchRanges(text, tokens)[0];
  const from = first ? Math.max(0, cpIndex(text, chars, first[0]) - SNIPPET_LEAD) : 0;
  const to = Math.min(length, from + SNIPPET_CHARS);
  const piece = cpSlice(text, chars, from, to).trim();
  const cutBefore = body.start + from > 0;
  const cutAfter = to < length || body.more;
  return (cutBefore ? '…' : '') + render(piece, matchRanges(piece, tokens)) + (cutAfter ? '…' : '');
}
