import { sql, type Kysely } from 'kysely';
import { findPageHits, type PageMatch, type PlannedKeyword } from './page-hits.ts';
import { GRAM_PREFIX, quoteLexeme, wordsQuery } from './pg-lexemes.ts';
import type { PageHit, PageHitsQuery, PreparedDoc, PreparedPage } from './search.types.ts';

/** PostgreSQL keeps positions up to 16383 and at most 256 per lexeme (pg-lexemes.ts). */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 255;

/** Adds `prefix + token` positions for a space-joined token string, words and grams counted apart. */
function addPositions(out: Map<string, number[]>, tokens: string, prefix: string): void {
  if (tokens === '') {
    return;
  }
  let position = 0;
  for (const token of tokens.split(' ')) {
    if (position < MAX_POSITION) {
      position++;
    }
    const lexeme = prefix + token;
    const list = out.get(lexeme);
    if (!list) {
      out.set(lexeme, [position]);
    } else if (list.length < MAX_POSITIONS_PER_LEXEME && list.at(-1) !== position) {
      list.push(position);
    }
  }
}

/** A page's tsvector literal: its words and `^`-prefixed bigrams, each with positions (phrases match). */
export function pageTsvector(page: PreparedPage): string {
  const positions = new Map<string, number[]>();
  addPositions(positions, page.words, '');
  addPositions(positions, page.grams, GRAM_PREFIX);
  let out = '';
  for (const [lexeme, list] of positions) {
    out += `${quoteLexeme(lexeme)}:${list.join(',')} `;
  }
  return out.trimEnd();
}

/** Page rows of a write batch, built before the write lock is taken. */
export function pageRows(docs: readonly PreparedDoc[]) {
  const rows = docs.flatMap((d) => (d.pages ?? []).map((p) => ({ docId: d.id, page: p })));
  return {
    docIds: rows.map((r) => r.docId),
    pageNos: rows.map((r) => r.page.no),
    starts: rows.map((r) => r.page.start),
    lengths: rows.map((r) => r.page.length),
    fronts: rows.map((r) => r.page.front),
    tsvectors: rows.map((r) => pageTsvector(r.page)),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the index runs on the app's schema
type AnyDb = Kysely<any>;

/** Replaces the pages of every document in the batch (inside the batch's transaction). */
export async function writePages(trx: AnyDb, ids: readonly string[], rows: ReturnType<typeof pageRows>) {
  await sql`DELETE FROM search_pages WHERE doc_id = ANY(${[...ids]}::text[])`.execute(trx);
  if (rows.docIds.length === 0) {
    return;
  }
  await sql`
    INSERT INTO search_pages (doc_id, page_no, start, len, front, tsv)
    SELECT * FROM unnest(
      ${rows.docIds}::text[], ${rows.pageNos}::int[], ${rows.starts}::int[], ${rows.lengths}::int[],
      ${rows.fronts}::boolean[], ${rows.tsvectors}::tsvector[]
    )`.execute(trx);
}

export async function removePages(db: AnyDb, ids: readonly string[]): Promise<void> {
  await sql`DELETE FROM search_pages WHERE doc_id = ANY(${[...ids]}::text[])`.execute(db);
}

/** The best page of each document: its pages are read through the primary key and ranked by ts_rank. */
export function pgPageHits(
  db: AnyDb,
  query: PageHitsQuery,
  plan?: PlannedKeyword,
): Promise<Map<string, PageHit>> {
  return findPageHits(
    query,
    async (stage, ids) => {
      const query = wordsQuery(stage.terms, stage.mode);
      const { rows } = await sql<{ doc_id: string; page_no: number; front: boolean; score: number }>`
        SELECT doc_id, page_no, front, ts_rank(tsv, ${query}::tsquery)::float8 AS score
        FROM search_pages
        WHERE doc_id = ANY(${[...ids]}::text[]) AND tsv @@ ${query}::tsquery`.execute(db);
      return rows.map((r): PageMatch => ({
        docId: r.doc_id,
        page: r.page_no,
        front: r.front,
        score: r.score,
      }));
    },
    async (chosen) => {
      if (chosen.length === 0) {
        return new Map();
      }
      const { rows } = await sql<{ doc_id: string; text: string | null }>`
        SELECT p.doc_id, substr(d.body, p.start + 1, p.len) AS text
        FROM unnest(${chosen.map((c) => c.docId)}::text[], ${chosen.map((c) => c.page)}::int[]) AS w(doc_id, page_no)
        JOIN search_pages p ON p.doc_id = w.doc_id AND p.page_no = w.page_no
        JOIN search_docs d ON d.doc_id = p.doc_id`.execute(db);
      return new Map(rows.map((r) => [r.doc_id, r.text ?? '']));
    },
    plan,
  );
}
