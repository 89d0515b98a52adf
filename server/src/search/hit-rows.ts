import { bodyWindow, highlightSnippet, highlightTitle } from './highlight.ts';
import { indexNameOf, type DocType, type SearchHit } from './search.types.ts';

/**
 * A page row as both readers load it. With query tokens, `win` is up to WINDOW_CHARS + 1 code
 * points of body cut around the first match, starting `win_start` code points in; browsing
 * loads no body at all (`win` null).
 */
export type HitRow = {
  ord: number;
  doc_id: string;
  type: DocType;
  /** Epoch ms (SQLite) or a Date (PostgreSQL timestamptz). */
  published_at: number | Date;
  title: string;
  win_start: number;
  win: string | null;
};

/** The page's hits in ranked order, highlighted; rows of documents removed meanwhile are skipped. */
export function hitsFromRows(
  ranked: readonly { ord: number; score: number | null }[],
  rows: readonly HitRow[],
  tokens: readonly string[],
  product: string,
): SearchHit[] {
  const byOrd = new Map(rows.map((r) => [r.ord, r]));
  const hits: SearchHit[] = [];
  for (const { ord, score } of ranked) {
    const row = byOrd.get(ord);
    if (!row) {
      continue;
    }
    hits.push({
      id: row.doc_id,
      type: row.type,
      index: indexNameOf(row.type, product),
      score,
      publishedAt: new Date(row.published_at),
      highlight:
        tokens.length === 0 || row.win === null
          ? null
          : {
              title: highlightTitle(row.title, tokens),
              snippet: highlightSnippet(bodyWindow(row.win, Number(row.win_start)), tokens),
            },
    });
  }
  return hits;
}

/** Documents found by id, as unscored hits in the order they were asked for; ids not found are left out. */
export function inAskedOrder(
  ids: readonly string[],
  found: readonly { doc_id: string; ord: number }[],
): { ord: number; score: null }[] {
  const ordOf = new Map(found.map((r) => [r.doc_id, r.ord]));
  return ids.flatMap((id) => {
    const ord = ordOf.get(id);
    return ord === undefined ? [] : [{ ord, score: null }];
  });
}
