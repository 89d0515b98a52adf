import type { QueryTerm } from './segmenter.ts';
import type { DocType } from './search.types.ts';

/**
 * FTS5 MATCH expressions. User text only ever appears inside a double-quoted string with
 * `"` doubled, so words such as OR, NEAR(, *, -, ^ or a stray quote are plain tokens.
 * Tokens are letters and digits already (segmenter.ts); the quoting is the guarantee.
 */
export function ftsString(token: string): string {
  return `"${token.replaceAll('"', '""')}"`;
}

/**
 * Each type is indexed as one token in the `kind` column; user words are limited to the
 * text columns, so a keyword can never hit a kind token.
 */
export function kindToken(type: DocType): string {
  return `k${type.replaceAll('_', '')}`;
}

function termExpression(term: QueryTerm): string {
  if (term.parts.length === 0) {
    return ftsString(term.word);
  }
  return `(${ftsString(term.word)} OR (${term.parts.map(ftsString).join(' AND ')}))`;
}

export type MatchMode = 'and' | 'or';
export type MatchColumns = 'text' | 'title';

const COLUMN_FILTER: Record<MatchColumns, string> = {
  text: '{title tags body}',
  title: '{title tags}',
};

/** `{cols} : (t1 AND t2 …)` plus the type restriction; `terms` must not be empty. */
export function keywordMatch(
  terms: readonly QueryTerm[],
  mode: MatchMode,
  columns: MatchColumns,
  types: readonly DocType[],
): string {
  const joined = terms.map(termExpression).join(mode === 'and' ? ' AND ' : ' OR ');
  const text = `${COLUMN_FILTER[columns]} : (${joined})`;
  return types.length === 0 ? text : `${text} AND ${kindMatch(types)}`;
}

/** Matches every document of these types. */
export function kindMatch(types: readonly DocType[]): string {
  return `kind : (${types.map((t) => ftsString(kindToken(t))).join(' OR ')})`;
}
