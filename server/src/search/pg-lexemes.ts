import type { QueryTerm } from './segmenter.ts';
import type { DocType, PreparedDoc } from './search.types.ts';

/**
 * tsvector and tsquery values for PostgreSQL, built here rather than by to_tsvector /
 * to_tsquery: no text parser (whose idea of a word depends on the server locale) ever
 * sees our tokens, so PostgreSQL indexes exactly jieba's tokens. Values travel as bound
 * parameters cast to tsvector / tsquery; every lexeme is single-quoted with `'` doubled
 * and `\` escaped, so user text cannot add operators (`!`, `|`, `:*`, `<->`…).
 *
 * Besides the words, each document carries lexemes no word can produce (words are
 * letters and digits only; these start with `~`): its type (`~kreport`) and its publish
 * year, month and day (`~y2024`, `~m202411`, `~d20241105`). A type filter and a publish
 * period then become GIN posting-list intersections — see pg-search-reader.ts for why the
 * period matters.
 */

/** PostgreSQL keeps positions up to 16383 and at most 256 per lexeme. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 255;

export function quoteLexeme(lexeme: string): string {
  // Tokens are letters and digits; the escaping pass only runs when it has work to do.
  if (lexeme.indexOf("'") === -1 && lexeme.indexOf('\\') === -1) {
    return `'${lexeme}'`;
  }
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

export function kindLexeme(type: DocType): string {
  return `~k${type}`;
}

const DAY_MS = 86_400_000;

export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

function ymd(day: number): { y: number; m: number; d: number } {
  const date = new Date(day * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function periodLexemesOfDay(day: number): string[] {
  const { y, m, d } = ymd(day);
  return [`~y${y}`, `~m${y}${pad(m)}`, `~d${y}${pad(m)}${pad(d)}`];
}

/** `tokens`: space-joined, as in PreparedDoc. */
type Weighted = { tokens: string; weight: 'A' | 'B' };

/**
 * Han bigram lexemes carry this prefix, which no word can (words are letters and digits), and
 * their own positions from 1, so a phrase of grams (`'^瑞幸' <-> '^幸咖'`) means adjacent
 * characters. Positions stop at MAX_POSITION: past ~16,000 characters of Han text a
 * document's grams still match one by one (two-character words) but not as phrases; there
 * only a word the segmenter kept as a token is found. Past the cap a gram already present gets
 * no more positions, which keeps a long report's tsvector far below PostgreSQL's 1 MB.
 */
export const GRAM_PREFIX = '^';

/** `'^瑞幸':1A '^幸咖':2A …`, positions counted apart from the words'. */
function gramLiteral(parts: readonly Weighted[]): string {
  const positions = new Map<string, string>();
  const counts = new Map<string, number>();
  let position = 0;
  for (const { tokens, weight } of parts) {
    if (tokens.length === 0) {
      continue;
    }
    for (const token of tokens.split(' ')) {
      const seen = counts.get(token) ?? 0;
      if (position < MAX_POSITION) {
        position++;
      } else if (seen > 0) {
        continue;
      }
      if (seen >= MAX_POSITIONS_PER_LEXEME) {
        continue;
      }
      counts.set(token, seen + 1);
      const list = positions.get(token);
      positions.set(token, list === undefined ? `${position}${weight}` : `${list},${position}${weight}`);
    }
  }
  let out = '';
  for (const [token, list] of positions) {
    out += ` ${quoteLexeme(GRAM_PREFIX + token)}:${list}`;
  }
  return out;
}

/** `'tok':1A,7A 'tok2':3B …`: each token with its positions and weight. */
function positionsLiteral(parts: readonly Weighted[]): string {
  // lexeme → "1A,7A": built as one string per lexeme, counting positions beside it.
  const positions = new Map<string, string>();
  const counts = new Map<string, number>();
  let position = 0;
  for (const { tokens, weight } of parts) {
    if (tokens.length === 0) {
      continue;
    }
    for (const token of tokens.split(' ')) {
      if (position < MAX_POSITION) {
        position++;
      }
      const seen = counts.get(token) ?? 0;
      if (seen >= MAX_POSITIONS_PER_LEXEME) {
        continue;
      }
      counts.set(token, seen + 1);
      const list = positions.get(token);
      positions.set(token, list === undefined ? `${position}${weight}` : `${list},${position}${weight}`);
    }
  }
  let out = '';
  for (const [token, list] of positions) {
    out += `${quoteLexeme(token)}:${list} `;
  }
  return out.trimEnd();
}

/** The positioned tokens plus the filter lexemes, which carry no position. */
function tsvectorLiteral(words: string, extra: readonly string[]): string {
  let out = words;
  for (const lexeme of extra) {
    out += ` ${quoteLexeme(lexeme)}`;
  }
  return out.trimStart();
}

function filterLexemes(doc: PreparedDoc): string[] {
  return [kindLexeme(doc.type), ...periodLexemesOfDay(dayNumber(doc.publishedAtMs))];
}

/**
 * A document's two tsvectors: `full` (search_terms) holds title and tags weight A, body B, their
 * grams, type and period lexemes; `words` (search_rank, pg-search-rank.ts) the same words at the
 * same positions and nothing else, for ranking.
 */
export function documentTsvectors(doc: PreparedDoc): { full: string; words: string } {
  const words = positionsLiteral([
    { tokens: doc.titleTokens, weight: 'A' },
    { tokens: doc.tagTokens, weight: 'A' },
    { tokens: doc.bodyTokens, weight: 'B' },
  ]);
  const full =
    tsvectorLiteral(words, filterLexemes(doc)) +
    gramLiteral([
      { tokens: doc.titleGrams, weight: 'A' },
      { tokens: doc.bodyGrams, weight: 'B' },
    ]);
  return { full, words };
}

/** Title and tags alone (for the title tier), their grams, plus type and period lexemes. */
export function titleTsvector(doc: PreparedDoc): string {
  return (
    tsvectorLiteral(
      positionsLiteral([
        { tokens: doc.titleTokens, weight: 'A' },
        { tokens: doc.tagTokens, weight: 'A' },
      ]),
      filterLexemes(doc),
    ) + gramLiteral([{ tokens: doc.titleGrams, weight: 'A' }])
  );
}

/**
 * The word as a lexeme, or — a Han word, `grams` unless told otherwise — also its gram lexemes
 * as a phrase.
 */
function termQuery(term: QueryTerm, grams = true): string {
  const ways = [quoteLexeme(term.word)];
  if (grams && term.grams.length > 0) {
    const phrase = term.grams.map((g) => quoteLexeme(GRAM_PREFIX + g)).join(' <-> ');
    ways.push(term.grams.length === 1 ? phrase : `(${phrase})`);
  }
  // A synonym (synonyms.ts) is one more way for the term to match: the AND of its own words.
  for (const alt of term.alts ?? []) {
    const words = alt.map((word) => termQuery(word, grams));
    ways.push(words.length === 1 ? (words[0] as string) : `(${words.join(' & ')})`);
  }
  return ways.length === 1 ? (ways[0] as string) : `(${ways.join(' | ')})`;
}

/** The words alone: every word (`and`) or any word (`or`). `terms` must not be empty. */
export function wordsQuery(terms: readonly QueryTerm[], mode: 'and' | 'or'): string {
  return `(${terms.map((term) => termQuery(term)).join(mode === 'and' ? ' & ' : ' | ')})`;
}

/**
 * `wordsQuery` without the gram phrases: matched by the documents that hold the words as
 * tokens, whatever else they hold — those the words-only ranking vector can rank (pg-search-rank.ts).
 */
export function wholeWordsQuery(terms: readonly QueryTerm[], mode: 'and' | 'or'): string {
  return `(${terms.map((term) => termQuery(term, false)).join(mode === 'and' ? ' & ' : ' | ')})`;
}

export function kindsQuery(types: readonly DocType[]): string {
  return `(${types.map((t) => quoteLexeme(kindLexeme(t))).join(' | ')})`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function daysInYear(y: number): number {
  return (Date.UTC(y + 1, 0, 1) - Date.UTC(y, 0, 1)) / DAY_MS;
}

/**
 * The days [fromDay, toDay) as few lexemes as possible: whole years, then whole months,
 * then single days. A four-year span needs at most ~90 lexemes.
 */
export function periodLexemes(fromDay: number, toDay: number): string[] {
  const out: string[] = [];
  let day = fromDay;
  while (day < toDay) {
    const { y, m, d } = ymd(day);
    if (m === 1 && d === 1 && day + daysInYear(y) <= toDay) {
      out.push(`~y${y}`);
      day += daysInYear(y);
    } else if (d === 1 && day + daysInMonth(y, m) <= toDay) {
      out.push(`~m${y}${pad(m)}`);
      day += daysInMonth(y, m);
    } else {
      out.push(`~d${y}${pad(m)}${pad(d)}`);
      day += 1;
    }
  }
  return out;
}

export function periodQuery(fromDay: number, toDay: number): string {
  return `(${periodLexemes(fromDay, toDay).map(quoteLexeme).join(' | ')})`;
}
