import { sql, type Kysely } from 'kysely';
import { bodyLead } from './highlight.ts';
import { documentTsvectors, titleTsvector } from './pg-lexemes.ts';
import { pgMatchesAmong, pgMatchIds } from './pg-match-ids.ts';
import { pageRows, pgPageHits, removePages, writePages } from './pg-page-index.ts';
import { runPgHitsOf, runPgNewestMatches, runPgSearch } from './pg-search-reader.ts';
import { prepareDoc } from './prepare-doc.ts';
import { nextOrdInSecond, ORD_SLOTS_PER_SECOND, publishSecond, secondOfOrd } from './publish-order.ts';
import { newestLimit, planHitsOf, planMatchIds, planSearch } from './search-plan.ts';
import type { PreparedDoc, SearchIndex } from './search.types.ts';
import { pgRestampStep } from './pg-word-restamp.ts';
import { pgWordStampStore } from './word-stamp-stores.ts';
import { WordStamps } from './word-stamps.ts';

export type PgSearchOptions<DB> = {
  /** The application's Kysely instance on PostgreSQL; tables from createSearchSchema. */
  db: Kysely<DB>;
  /** Where searches read (the read replica's router, db/read-routing.ts); default `db`. */
  reads?: Kysely<DB>;
  /** Prefix of `_index` names (`{product}_report`). */
  product?: string;
  /** Documents in the first publish period a keyword query reads (default FIRST_PERIOD_DOCS; tests set it small). */
  firstPeriodDocs?: number;
};

/**
 * Index writes from several app nodes are serialised by this transaction-scoped advisory
 * lock: `ord` allocation reads the largest `ord` of a second and must not race.
 * (Reads take no lock.) The key is arbitrary but fixed: "search" in ASCII.
 */
const WRITE_LOCK_KEY = 0x736561726368;

/** The largest `ord` used in each publish second (null: none yet). */
async function largestOrds<DB>(
  db: Kysely<DB>,
  seconds: readonly number[],
): Promise<Map<number, number | null>> {
  if (seconds.length === 0) {
    return new Map();
  }
  const { rows } = await sql<{ second: number; max: number | null }>`
    SELECT s::float8 AS second,
      (SELECT max(ord) FROM search_docs WHERE ord BETWEEN s * ${ORD_SLOTS_PER_SECOND}::bigint AND (s + 1) * ${ORD_SLOTS_PER_SECOND}::bigint - 1)::float8 AS max
    FROM unnest(${seconds}::bigint[]) s`.execute(db);
  return new Map(rows.map((r) => [r.second, r.max]));
}

export function createPgSearchIndex<DB>(options: PgSearchOptions<DB>): SearchIndex {
  const { db } = options;
  const reads = options.reads ?? db;
  const product = options.product ?? 'portal';
  const stamps = new WordStamps(pgWordStampStore(db, reads, WRITE_LOCK_KEY));

  async function writeBatch(docs: readonly PreparedDoc[]): Promise<void> {
    const latest = new Map<string, PreparedDoc>();
    for (const doc of docs) {
      latest.set(doc.id, doc);
    }
    const batch = [...latest.values()].sort((a, b) => a.publishedAtMs - b.publishedAtMs);
    if (batch.length === 0) {
      return;
    }
    // The literals are built before the transaction takes the write lock, so a second
    // batch's JavaScript work overlaps the first one's insert on the server.
    const tsvectors = batch.map(documentTsvectors);
    const titleTsvectors = batch.map(titleTsvector);
    const pages = pageRows(batch);
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`.execute(trx);
      // Replace: drop the old rows, remembering their ord so an unchanged publish second keeps it.
      const { rows: old } = await sql<{ doc_id: string; ord: number }>`
        DELETE FROM search_docs WHERE doc_id = ANY(${batch.map((d) => d.id)}::text[]) RETURNING doc_id, ord::float8 AS ord`.execute(
        trx,
      );
      const kept = new Map(old.map((r) => [r.doc_id, r.ord]));
      const ords = new Map<string, number>();
      for (const doc of batch) {
        const previous = kept.get(doc.id);
        if (previous !== undefined && secondOfOrd(previous) === publishSecond(doc.publishedAtMs)) {
          ords.set(doc.id, previous);
        }
      }
      const fresh = batch.filter((d) => !ords.has(d.id));
      const maxInSecond = await largestOrds(trx, [
        ...new Set(fresh.map((d) => publishSecond(d.publishedAtMs))),
      ]);
      // Kept ords were deleted above and come back unchanged: new ones go after them.
      for (const ord of ords.values()) {
        const second = secondOfOrd(ord);
        if (maxInSecond.has(second)) {
          maxInSecond.set(second, Math.max(maxInSecond.get(second) ?? ord, ord));
        }
      }
      for (const doc of fresh) {
        const second = publishSecond(doc.publishedAtMs);
        const ord = nextOrdInSecond(second, maxInSecond.get(second) ?? null);
        maxInSecond.set(second, ord);
        ords.set(doc.id, ord);
      }
      const ordOf = (doc: PreparedDoc): number => {
        const ord = ords.get(doc.id);
        if (ord === undefined) {
          throw new Error(`search index: no ord allocated for ${doc.id}`);
        }
        return ord;
      };
      await sql`
        INSERT INTO search_docs (ord, doc_id, type, published_at, hot, title, body, lead, title_tsv, dict_id)
        SELECT * FROM unnest(
          ${batch.map(ordOf)}::bigint[],
          ${batch.map((d) => d.id)}::text[],
          ${batch.map((d) => d.type)}::text[],
          ${batch.map((d) => new Date(d.publishedAtMs).toISOString())}::timestamptz[],
          ${batch.map((d) => d.hot)}::float8[],
          ${batch.map((d) => d.title)}::text[],
          ${batch.map((d) => d.body)}::text[],
          ${batch.map((d) => bodyLead(d.body))}::text[],
          ${titleTsvectors}::tsvector[],
          ${batch.map((d) => d.dictId ?? -1)}::bigint[]
        )`.execute(trx);
      // The full tsvector lives in the narrow table (pg-search-terms.ts); the DELETE above
      // removed the old rows' terms through the foreign key.
      await sql`
        INSERT INTO search_terms (ord, hot, tsv)
        SELECT * FROM unnest(
          ${batch.map(ordOf)}::bigint[],
          ${batch.map((d) => d.hot)}::float8[],
          ${tsvectors.map((t) => t.full)}::tsvector[]
        )`.execute(trx);
      // And the words alone, which rank body matches (pg-search-rank.ts).
      await sql`
        INSERT INTO search_rank (ord, tsv)
        SELECT * FROM unnest(${batch.map(ordOf)}::bigint[], ${tsvectors.map((t) => t.words)}::tsvector[])`.execute(
        trx,
      );
      await writePages(
        trx,
        batch.map((d) => d.id),
        pages,
      );
    });
  }

  return {
    async upsert(docs) {
      const dictId = await stamps.sync();
      await writeBatch(docs.map((doc) => ({ ...prepareDoc(doc), dictId })));
      stamps.written();
    },
    async upsertPrepared(docs) {
      await writeBatch(docs);
      stamps.written();
    },
    syncWords: () => stamps.sync(),
    async restampWords(after) {
      const step = await pgRestampStep(db, WRITE_LOCK_KEY, after, await stamps.sync());
      stamps.written();
      return step;
    },
    async remove(ids) {
      if (ids.length === 0) {
        return;
      }
      // search_terms and search_rank rows go with their search_docs row (ON DELETE CASCADE).
      await sql`DELETE FROM search_docs WHERE doc_id = ANY(${[...ids]}::text[])`.execute(db);
      await removePages(db, ids);
      stamps.written();
    },
    async setHot(id, score) {
      const hot = Number.isFinite(score) ? score : 0;
      // Both copies (search_terms serves keyword matches sorted by hot) in one statement.
      await sql`
        WITH doc AS (UPDATE search_docs SET hot = ${hot} WHERE doc_id = ${id} RETURNING ord)
        UPDATE search_terms SET hot = ${hot} WHERE ord IN (SELECT ord FROM doc)`.execute(db);
    },
    async search(query) {
      const plan = planSearch(query, await stamps.complete());
      const result = await runPgSearch(reads, product, plan, options.firstPeriodDocs);
      // What the plan asks beside the page: each type's total is its tab's search (a capped
      // count and one row); page hits are the page index's lookup for the page's reports.
      if (plan.typeTotals.length > 0) {
        const totals = await Promise.all(
          plan.typeTotals.map(async (type) => {
            const tab = { ...plan, types: [type], sort: 'new' as const, page: 1, pageSize: 1, offset: 0 };
            const only = { ...tab, beyondWindow: false, typeTotals: [], pageHits: false };
            return [type, (await runPgSearch(reads, product, only, options.firstPeriodDocs)).total] as const;
          }),
        );
        result.typeTotals = Object.fromEntries(totals);
      }
      const reports = plan.pageHits ? result.hits.filter((h) => h.type === 'report') : [];
      if (reports.length > 0) {
        const pages = await pgPageHits(reads, { keyword: '', docIds: reports.map((h) => h.id) }, plan);
        for (const hit of reports) {
          const page = pages.get(hit.id);
          if (page) {
            hit.pageHit = page;
          }
        }
      }
      return result;
    },
    async pageHits(query) {
      return pgPageHits(reads, query);
    },
    matchIds: async (query) => pgMatchIds(reads, query, await stamps.complete()),
    newestMatches: async (query) => {
      const plan = planMatchIds(query, await stamps.complete());
      return plan
        ? runPgNewestMatches(reads, product, plan, newestLimit(query.limit))
        : { matches: [], fallback: false };
    },
    matchesAmong: async (query) => pgMatchesAmong(reads, query, await stamps.complete()),
    hitsOf: async (query) =>
      runPgHitsOf(reads, product, planHitsOf(query, await stamps.complete()), query.ids),
    async count() {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::float8 AS n FROM search_docs`.execute(reads);
      return rows[0]?.n ?? 0;
    },
    async close() {
      // The Kysely instance belongs to the caller.
    },
  };
}
