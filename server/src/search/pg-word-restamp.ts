import { sql, type Kysely } from 'kysely';
import { wordsQuery } from './pg-lexemes.ts';
import {
  chunks,
  NOTHING_TO_RESTAMP,
  RESTAMP_BATCH,
  RESTAMP_WORDS_PER_MATCH,
  restampTerm,
  type RestampStep,
} from './word-restamp.ts';

type Row = { ord: number; doc_id: string };

/**
 * The re-stamp pass on PostgreSQL (word-restamp.ts): one transaction per step under the index's
 * write lock, so no document is written between the check and the raise. A level's documents
 * come from the (dict_id, ord) index in publish order; the check reads their tsvectors
 * (search_terms) by primary key.
 */
export async function pgRestampStep<DB>(
  db: Kysely<DB>,
  writeLockKey: number,
  after: number,
  stamp: number,
  size = RESTAMP_BATCH,
): Promise<RestampStep> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${writeLockKey})`.execute(trx);
    const { rows: low } = await sql<{ level: number | null }>`
      SELECT min(dict_id)::float8 AS level FROM search_docs`.execute(trx);
    const level = low[0]?.level ?? null;
    if (level === null || level >= stamp) {
      return NOTHING_TO_RESTAMP;
    }
    const { rows } = await sql<Row>`
      SELECT ord::float8 AS ord, doc_id FROM search_docs
      WHERE dict_id = ${level} AND ord > ${after} ORDER BY ord LIMIT ${size}`.execute(trx);
    const last = rows[rows.length - 1];
    if (!last) {
      return { level, next: null, queued: 0, raised: 0 };
    }
    const { rows: words } = await sql<{ word: string }>`
      SELECT word FROM search_words WHERE id > ${level} AND id <= ${stamp} ORDER BY id`.execute(trx);
    const ords = rows.map((r) => r.ord);
    const held = new Set<number>();
    for (const part of chunks(
      words.map((w) => w.word),
      RESTAMP_WORDS_PER_MATCH,
    )) {
      const { rows: found } = await sql<{ ord: number }>`
        SELECT ord::float8 AS ord FROM search_terms
        WHERE ord = ANY(${ords}::bigint[]) AND tsv @@ ${wordsQuery(part.map(restampTerm), 'or')}::tsquery`.execute(
        trx,
      );
      for (const { ord } of found) {
        held.add(ord);
      }
    }
    const queued = rows.filter((r) => held.has(r.ord)).map((r) => r.doc_id);
    const raised = rows.filter((r) => !held.has(r.ord)).map((r) => r.ord);
    if (queued.length > 0) {
      await sql`INSERT INTO search_rebuild (doc_id) SELECT unnest(${queued}::text[]) ON CONFLICT DO NOTHING`.execute(
        trx,
      );
    }
    if (raised.length > 0) {
      await sql`UPDATE search_docs SET dict_id = ${stamp} WHERE ord = ANY(${raised}::bigint[])`.execute(trx);
    }
    return {
      level,
      next: rows.length < size ? null : last.ord,
      queued: queued.length,
      raised: raised.length,
    };
  });
}
