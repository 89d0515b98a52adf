import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Chinese word segmentation for the search index (jieba, never Intl.Segmenter: it splits
 * 新能源 / 宁德时代 / 跨境电商 into single characters or wrong pairs).
 *
 * Documents are cut in jieba's search mode, which emits every precise-mode word plus the
 * dictionary words inside it (新能源汽车 → 能源 汽车 新能源 新能源汽车). Queries are cut in
 * precise mode, so every query word is one of the tokens a document containing the same
 * text was indexed with. A long query word also carries its sub-words as an alternative
 * (see `queryTerms`), so documents indexed before a user word was added, or where the
 * surrounding text made jieba cut differently, still match.
 *
 * Every token goes through `normalizeToken`'s rule: NFKC, lower case, only letters and
 * digits. That is exactly what SQLite's `unicode61` tokenizer (remove_diacritics 0) treats
 * as one token, so FTS5 never splits our tokens again, and PostgreSQL gets the same lexemes.
 */

/** A user word must outweigh the default dictionary's pairs (时代 ≈ 20,000) to stay whole. */
const USER_WORD_FREQ = 200_000;
/** Queries are bounded before segmentation so a 10,000-character keyword costs nothing. */
export const MAX_QUERY_CHARS = 200;
export const MAX_QUERY_TERMS = 32;

/** Function words that would make every document match; dropped from queries unless alone. */
const QUERY_STOPWORDS = new Set([
  '的',
  '了',
  '和',
  '与',
  '及',
  '或',
  '在',
  '是',
  '等',
  '之',
  '也',
  '就',
  '都',
  '而',
  '对',
  '从',
  '把',
  '被',
  '其',
  '中',
  'the',
  'of',
  'and',
  'or',
  'a',
  'an',
  'to',
  'in',
]);

let jieba: Jieba | undefined;
const userWords = new Set<string>();

/** The dictionary loads lazily (~300 ms) so importing this module stays free. */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

const WHOLE_TOKEN = /^[\p{L}\p{N}]+$/u;
const NOT_TOKEN_CHARS = /[^\p{L}\p{N}]+/u;

/** The one token rule shared by index, query and highlight: NFKC, lower case, split on non letters/digits. */
export function normalizeToken(raw: string): string[] {
  return splitPrepared(prepareText(raw));
}

/** `normalizeToken` for text that is already NFKC and lower case (jieba output of prepared text). */
function splitPrepared(piece: string): string[] {
  if (WHOLE_TOKEN.test(piece)) {
    return [piece];
  }
  return piece.split(NOT_TOKEN_CHARS).filter((p) => p.length > 0);
}

/**
 * Adds business words (keywords, company names) so they come out as single terms.
 * Words that could not be one token (spaces, symbols, a single character) are skipped.
 * Documents indexed before a word was added still match it through the sub-word
 * alternative of `queryTerms`; reindex them to rank them as exact matches.
 * Returns the words actually added.
 */
export function loadUserWords(words: readonly string[]): string[] {
  const added: string[] = [];
  for (const word of words) {
    const parts = normalizeToken(word);
    const only = parts[0];
    if (parts.length !== 1 || only === undefined || [...only].length < 2 || userWords.has(only)) {
      continue;
    }
    userWords.add(only);
    added.push(only);
  }
  if (added.length > 0) {
    segmenter().loadDict(Buffer.from(added.map((w) => `${w} ${USER_WORD_FREQ}`).join('\n') + '\n'));
  }
  return added;
}

/** The user words loaded so far, to hand to worker threads that segment too. */
export function loadedUserWords(): string[] {
  return [...userWords];
}

function prepareText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * Longest token indexed, in UTF-16 units. A longer run (a table border of 3,000 identical
 * characters, a pasted hash) is no word anyone searches for, and PostgreSQL refuses a tsvector
 * lexeme over 2,046 bytes.
 */
export const MAX_TOKEN_CHARS = 100;

/** Search-mode tokens of a document field, in text order, duplicates kept (they are term frequency). */
export function indexTokens(text: string): string[] {
  if (text.length === 0) {
    return [];
  }
  const out: string[] = [];
  for (const piece of segmenter().cutForSearch(prepareText(text), true)) {
    for (const part of splitPrepared(piece)) {
      if (part.length <= MAX_TOKEN_CHARS) {
        out.push(part);
      }
    }
  }
  return out;
}

/**
 * One query word. A document matches it if it holds `word`, or — for a word jieba can
 * split into dictionary sub-words — all of `parts`.
 */
export type QueryTerm = { word: string; parts: string[] };

/**
 * Sub-words covering `word` left to right, longest first, from jieba's search-mode cut of
 * the word itself; [] when the word has no full cover (then only the word itself matches).
 */
function coveringParts(word: string): string[] {
  const chars = [...word];
  if (chars.length < 3 || /^[\p{ASCII}]+$/u.test(word)) {
    return [];
  }
  const subs = new Set(
    segmenter()
      .cutForSearch(word, false)
      .filter((s) => s !== word),
  );
  const parts: string[] = [];
  let at = 0;
  while (at < chars.length) {
    let found = '';
    for (let end = chars.length; end > at + 1 && found === ''; end--) {
      const candidate = chars.slice(at, end).join('');
      if (candidate !== word && subs.has(candidate)) {
        found = candidate;
      }
    }
    if (found === '') {
      return [];
    }
    parts.push(found);
    at += [...found].length;
  }
  return parts;
}

/**
 * The terms of a search box entry: trimmed and cut to MAX_QUERY_CHARS, precise-mode cut,
 * normalised like documents, stop words dropped (unless nothing else is left), deduplicated,
 * at most MAX_QUERY_TERMS. Empty when the entry holds no letter or digit.
 */
export function queryTerms(text: string): QueryTerm[] {
  const bounded = [...text.trim()].slice(0, MAX_QUERY_CHARS).join('');
  if (bounded.length === 0) {
    return [];
  }
  const words: string[] = [];
  const seen = new Set<string>();
  for (const piece of segmenter().cut(prepareText(bounded), true)) {
    for (const part of splitPrepared(piece)) {
      if (seen.has(part)) {
        continue;
      }
      seen.add(part);
      words.push(part);
    }
  }
  const content = words.filter((w) => !QUERY_STOPWORDS.has(w));
  const chosen = (content.length > 0 ? content : words).slice(0, MAX_QUERY_TERMS);
  return chosen.map((word) => ({ word, parts: coveringParts(word) }));
}

/** The distinct words of `queryTerms` (what a caller would log or show as "searched for"). */
export function queryTokens(text: string): string[] {
  return queryTerms(text).map((t) => t.word);
}

/** Every token a hit may contain for these terms: words and their parts, longest first (for highlighting). */
export function highlightTokens(terms: readonly QueryTerm[]): string[] {
  const all = new Set<string>();
  for (const t of terms) {
    all.add(t.word);
    for (const p of t.parts) {
      all.add(p);
    }
  }
  return [...all].sort((a, b) => b.length - a.length);
}
