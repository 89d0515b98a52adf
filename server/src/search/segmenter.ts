import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Chinese word segmentation for the search index (jieba, never Intl.Segmenter: it splits
 * 新能源 / 宁德时代 / 跨境电商 into single characters or wrong pairs).
 *
 * Documents are cut in jieba's search mode, which emits every precise-mode word plus the
 * dictionary words inside it (新能源汽车 → 能源 汽车 新能源 新能源汽车). Queries are cut in
 * precise mode, so every query word is one of the tokens a document containing the same
 * text was indexed with. Beside the words, documents carry a stream of Han character
 * bigrams (`gramTokens`) and a Han query word also matches as a phrase of its bigrams
 * (`QueryTerm.grams`): any word of two characters or more is found wherever the text holds
 * it, whatever jieba made of the text around it (瑞幸 inside 瑞幸咖啡, documents indexed before
 * a user word was added).
 *
 * Every token goes through `normalizeToken`'s rule: NFKC, lower case, only letters and
 * digits. SQLite's `ascii` tokenizer (search.schema.ts) splits only at ASCII characters other
 * than letters and digits, so FTS5 stores our tokens byte for byte (fts-tokens.test.ts), and
 * PostgreSQL gets the same lexemes.
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
/** The user words in the order they were loaded (`loadedUserWordsSince`). */
const userWordOrder: string[] = [];
/**
 * Han user words of three characters or more, by their first two characters: each occurrence
 * of one in a document field is indexed as a token, wherever jieba cut the text
 * (`fieldTokens`). Two-character words need no such list: each is its own bigram.
 */
const emittedByGram = new Map<string, string[]>();

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
 * Documents indexed before a word was added still match it through its bigrams; reindex
 * them to rank them as whole-word matches.
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
    userWordOrder.push(only);
    added.push(only);
    if (isEmittedWord(only)) {
      const key = firstGram(only);
      const list = emittedByGram.get(key);
      if (list === undefined) {
        emittedByGram.set(key, [only]);
      } else {
        list.push(only);
      }
    }
  }
  // A word jieba already keeps whole (消费者, 人工智能) needs no weight: raising it would change how
  // text around it is cut (消费者权益 → 消费者 | 权益) and gains nothing, as its every occurrence is
  // indexed anyway. The check is made before the batch loads, in every thread alike.
  const weighted = added.filter((w) => !(isEmittedWord(w) && isDictionaryWord(w)));
  if (weighted.length > 0) {
    segmenter().loadDict(Buffer.from(weighted.map((w) => `${w} ${USER_WORD_FREQ}`).join('\n') + '\n'));
  }
  return added;
}

/** Whether jieba keeps `word` whole without guessing (HMM off): a dictionary word, built in or loaded. */
function isDictionaryWord(word: string): boolean {
  const cut = segmenter().cut(word, false);
  return cut.length === 1 && cut[0] === word;
}

/**
 * Query words loaded by `loadQueryWord` in this process, at most MAX_QUERY_WORDS: each is indexed
 * wherever it occurs from then on, and the re-stamp pass walks every document once for it.
 */
let queryWordsLoaded = 0;
export const MAX_QUERY_WORDS = 5_000;

/**
 * A word a reader searched for that the index could hold wherever it occurs — a built-in
 * dictionary word of three Han characters or more (消费者, 锂电池) — is loaded like a user word,
 * so that once registered and every document is stamped past it (word-stamps.ts), it is matched
 * by its token instead of the phrase of its bigrams. Other words (a typo, a run of characters
 * jieba does not know) are left alone: loading them would change how text is cut. Returns
 * whether the word was loaded.
 */
export function loadQueryWord(word: string): boolean {
  if (
    queryWordsLoaded >= MAX_QUERY_WORDS ||
    userWords.has(word) ||
    !isEmittedWord(word) ||
    !isDictionaryWord(word)
  ) {
    return false;
  }
  queryWordsLoaded += loadUserWords([word]).length;
  return true;
}

/**
 * Back to a fresh process's segmenter: no user or query words, and jieba's built-in dictionary
 * alone (a loaded word cannot be taken out of jieba, so the next cut loads it again, ~300 ms).
 * The server tests share one process between test files (vitest.config.ts `isolate: false`),
 * and each file starts from this (server/src/test/fresh-module-state.ts).
 */
export function resetSegmenter(): void {
  jieba = undefined;
  userWords.clear();
  userWordOrder.length = 0;
  emittedByGram.clear();
  queryWordsLoaded = 0;
}

/** The user words loaded so far, to hand to worker threads that segment too. */
export function loadedUserWords(): string[] {
  return [...userWordOrder];
}

/** The user words loaded after the first `count` (word-stamps.ts registers them). */
export function loadedUserWordsSince(count: number): { words: string[]; count: number } {
  return { words: userWordOrder.slice(count), count: userWordOrder.length };
}

/**
 * A user word whose every occurrence a document field's tokens hold (`fieldTokens`): Han, three
 * characters or more. Only such words need the bigram phrase until the index is known to hold
 * them (word-stamps.ts); a two-character word is its own bigram.
 */
export function isEmittedWord(word: string): boolean {
  return HAN.test(word) && [...word].length >= 3;
}

function firstGram(word: string): string {
  const [a = '', b = ''] = word;
  return a + b;
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
  return text.length === 0 ? [] : wordsOf(prepareText(text));
}

/**
 * A document field as the index stores it: its words (`indexTokens`) and its bigrams
 * (`gramTokens`), each joined by single spaces. The text is normalised once for both (it was
 * twice, a tenth of a document's segmentation time).
 */
export function fieldTokens(text: string): { words: string; grams: string } {
  if (text.length === 0) {
    return { words: '', grams: '' };
  }
  const prepared = prepareText(text);
  return { words: wordsOf(prepared).join(' '), grams: gramsOf(prepared, emittedByGram).join(' ') };
}

/** What `pieceKind` found a jieba piece to be. */
const Piece = {
  /** Only CJK Unified Ideographs or only ASCII letters/digits: one token of one script. */
  Word: 0,
  /** Only spaces and punctuation: no token. */
  Separator: 1,
  /** Anything else: the regular expressions decide. */
  Other: 2,
} as const;
type Piece = (typeof Piece)[keyof typeof Piece];

/**
 * Sorts a jieba piece by its character codes. Nearly every piece is a Han word, an ASCII word or
 * a space or punctuation mark, and this settles those without pushWord's Unicode regular
 * expressions (~150 ns a piece, 137 pieces a generated document); the tokens are the same
 * (segmenter.test.ts compares both ways). Separators known here: ASCII other than letters and
 * digits, General Punctuation (U+2000–U+206F: no letter or digit in it), and the CJK
 * punctuation marks of U+3000–U+3004, U+3008–U+3011 and U+3014–U+301F.
 */
function pieceKind(piece: string): Piece {
  let han = true;
  let ascii = true;
  let separator = true;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    const isHan = c >= 0x4e00 && c <= 0x9fff;
    const isAsciiWord = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
    const isSeparator =
      (c < 0x80 && !isAsciiWord) ||
      (c >= 0x2000 && c <= 0x206f) ||
      (c >= 0x3000 && c <= 0x3004) ||
      (c >= 0x3008 && c <= 0x3011) ||
      (c >= 0x3014 && c <= 0x301f);
    han &&= isHan;
    ascii &&= isAsciiWord;
    separator &&= isSeparator;
    if (!han && !ascii && !separator) {
      return Piece.Other;
    }
  }
  if (piece.length === 0 || separator) {
    return Piece.Separator;
  }
  return Piece.Word;
}

function wordsOf(prepared: string): string[] {
  const out: string[] = [];
  for (const piece of segmenter().cutForSearch(prepared, true)) {
    const kind = pieceKind(piece);
    if (kind === Piece.Separator) {
      continue;
    }
    if (kind === Piece.Word) {
      if (piece.length <= MAX_TOKEN_CHARS) {
        out.push(piece);
      }
      continue;
    }
    if (WHOLE_TOKEN.test(piece)) {
      pushWord(out, piece);
      continue;
    }
    for (const part of piece.split(NOT_TOKEN_CHARS)) {
      if (part.length > 0) {
        pushWord(out, part);
      }
    }
  }
  return out;
}

/** One index token and, when it mixes scripts, its runs (see `scriptRuns`). */
function pushWord(out: string[], part: string): void {
  if (part.length > MAX_TOKEN_CHARS) {
    return;
  }
  out.push(part);
  if (ASCII_ALNUM.test(part) && NON_ASCII.test(part)) {
    for (const run of scriptRuns(part)) {
      out.push(run);
    }
  }
}

/**
 * One query word. A document matches it if it holds `word` as a token, or — for a Han word —
 * its character bigrams `grams` next to each other (a phrase), that is, the text holds the word
 * wherever jieba cut it (瑞幸 inside 瑞幸咖啡). A two-character word's one gram is the word.
 */
export type QueryTerm = {
  word: string;
  grams: string[];
  /** Synonyms and the simplified spelling (synonyms.ts), each the AND of its words: OR-ed with the word. */
  alts?: QueryTerm[][];
};

const HAN = /^\p{Script=Han}+$/u;
const ASCII_ALNUM = /[a-z0-9]/;
const NON_ASCII = /[^\p{ASCII}]/u;
const SCRIPT_RUNS = /[a-z0-9]+|[^a-z0-9]+/g;

/** The overlapping character pairs of a Han word (瑞幸咖啡 → 瑞幸 幸咖 咖啡); [] for any other word. */
export function wordGrams(word: string): string[] {
  if (!HAN.test(word)) {
    return [];
  }
  const chars = [...word];
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    grams.push(`${chars[i]}${chars[i + 1]}`);
  }
  return grams;
}

/**
 * The gram stream of a document field: the bigrams of every run of two or more Han
 * characters, in text order (runs are not joined across punctuation, Latin or spaces).
 * Indexed in columns of their own, so a phrase of grams means adjacent characters.
 */
export function gramTokens(text: string): string[] {
  return text.length === 0 ? [] : gramsOf(prepareText(text));
}

const HAN_CHAR = /^\p{Script=Han}$/u;

/**
 * Every pair of adjacent Han characters (\p{Script=Han}), scanning character codes: CJK Unified
 * Ideographs (U+4E00–U+9FFF) are Han and nothing below U+2E80 is, which settles nearly every
 * character; the rest (CJK punctuation, other Han blocks, surrogate pairs) asks HAN_CHAR. The
 * pairs are those of the runs of two or more Han characters, as a regular expression over runs
 * gave them at ~1.5× the CPU.
 */
function gramsOf(prepared: string, emitted?: ReadonlyMap<string, string[]>): string[] {
  const out: string[] = [];
  // User words found in the text (see emittedByGram), put after the grams: between them they
  // would part two adjacent grams, and a gram phrase must see them side by side.
  const found: string[] = [];
  /** Where the previous character starts if it is Han, else -1. */
  let prevHan = -1;
  for (let i = 0; i < prepared.length;) {
    const c = prepared.charCodeAt(i);
    const next = i + 1 < prepared.length ? prepared.charCodeAt(i + 1) : 0;
    const width = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    const han =
      width === 1 && c >= 0x4e00 && c <= 0x9fff
        ? true
        : width === 1 && c < 0x2e80
          ? false
          : HAN_CHAR.test(prepared.slice(i, i + width));
    if (han) {
      if (prevHan >= 0) {
        const gram = prepared.slice(prevHan, i + width);
        out.push(gram);
        const words = emitted === undefined || emitted.size === 0 ? undefined : emitted.get(gram);
        if (words !== undefined) {
          for (const word of words) {
            if (prepared.startsWith(word, prevHan)) {
              found.push(word);
            }
          }
        }
      }
      prevHan = i;
    } else {
      prevHan = -1;
    }
    i += width;
  }
  return found.length === 0 ? out : out.concat(found);
}

/**
 * A token that mixes ASCII letters/digits with other letters (ai芯片, a user word) also
 * yields its runs (ai, 芯片): a Latin word or a code inside one is a word a reader types.
 */
function scriptRuns(token: string): string[] {
  if (!ASCII_ALNUM.test(token) || !NON_ASCII.test(token)) {
    return [];
  }
  return token.match(SCRIPT_RUNS) ?? [];
}

/**
 * A run of Han characters typed without a break, this long or shorter, is one word (exact
 * terms, see `queryTerms`): 同比增长 means those four characters, 蜜雪冰城 the brand, even where
 * jieba cuts 同比 | 增长. Longer runs are sentences, searched as their words.
 */
export const WHOLE_RUN_CHARS = 4;

/**
 * The terms of a search box entry: trimmed and cut to MAX_QUERY_CHARS, precise-mode cut,
 * normalised like documents, stop words dropped (unless nothing else is left), deduplicated,
 * at most MAX_QUERY_TERMS. Empty when the entry holds no letter or digit. Single Han
 * characters jieba leaves side by side (an unknown name: 极 | 氪) are one word. `exact`: a
 * whole run of at most WHOLE_RUN_CHARS Han characters is one word, whatever jieba cut.
 */
export function queryTerms(text: string, exact = false): QueryTerm[] {
  const bounded = [...text.trim()].slice(0, MAX_QUERY_CHARS).join('');
  if (bounded.length === 0) {
    return [];
  }
  const words: string[] = [];
  const seen = new Set<string>();
  const add = (word: string) => {
    if (word.length > 0 && !seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  };
  // The Han pieces of the current run, flushed at any other piece (punctuation, space, Latin).
  let run: string[] = [];
  const flush = () => {
    const whole = run.join('');
    if (exact && [...whole].length <= WHOLE_RUN_CHARS) {
      add(whole);
    } else {
      let singles = '';
      for (const piece of run) {
        if (piece.length === 1) {
          singles += piece;
        } else {
          add(singles);
          singles = '';
          add(piece);
        }
      }
      add(singles);
    }
    run = [];
  };
  for (const piece of segmenter().cut(prepareText(bounded), true)) {
    if (HAN.test(piece)) {
      run.push(piece);
      continue;
    }
    flush();
    for (const part of splitPrepared(piece)) {
      const runs = scriptRuns(part);
      for (const word of runs.length > 0 ? runs : [part]) {
        add(word);
      }
    }
  }
  flush();
  const content = words.filter((w) => !QUERY_STOPWORDS.has(w));
  const chosen = (content.length > 0 ? content : words).slice(0, MAX_QUERY_TERMS);
  return chosen.map((word) => ({ word, grams: wordGrams(word) }));
}

/** The distinct words of `queryTerms` (what a caller would log or show as "searched for"). */
export function queryTokens(text: string): string[] {
  return queryTerms(text).map((t) => t.word);
}

/** The words to highlight, longest first: a hit holds each word it matched as text. */
export function highlightTokens(terms: readonly QueryTerm[]): string[] {
  const words = terms.flatMap((t) => [t.word, ...(t.alts ?? []).flat().map((a) => a.word)]);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}
