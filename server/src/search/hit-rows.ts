import { highlightSnippet, highlightTitle } from './highlight.ts';
import { indexNameOf, type DocType, type SearchHit } from './search.types.ts';

/** A page row as both readers load it: the title and a body window cut around the first match. */
export type HitRow = {
  ord: number;
  doc_id: string;
  type: DocType;
  /** Epoch ms (SQLite) or a Date (PostgreSQL timestamptz). */
  published_at: number | Date;
  title: string;
  body_len: number;
  win_start: number;
  win: string;
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
    if (!row) continue;
    hits.push({
      id: row.doc_id,
      type: row.type,
      index: indexNameOf(row.type, product),
      score,
      publishedAt: new Date(row.published_at),
      titleHighlight: highlightTitle(row.title, tokens),
      snippetHighlight: highlightSnippet(
        { window: row.win, start: row.win_start, bodyLength: row.body_len },
        tokens,
      ),
    });
  }
  return hits;
}
