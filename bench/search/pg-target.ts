import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPgSearchIndex } from '../../server/src/search/pg-search-index.ts';
import { addSearchRank } from '../../server/src/search/pg-search-rank.ts';
import { addSearchTerms } from '../../server/src/search/pg-search-terms.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';
import type { SearchQuery } from '../../server/src/search/search.types.ts';
import { naiveSql } from './naive-scan.ts';
import type { BenchTarget } from './target.ts';

const SCHEMA = 'search_bench';

/** A fresh `search_bench` schema on the given database, dropped afterwards. */
export async function openPgTarget(url: string, reuse: boolean): Promise<BenchTarget> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_namespace WHERE nspname = '${SCHEMA}'`)).rowCount === 1;
  if (!reuse || !exists) {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  }
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${SCHEMA}` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const missing = async (table: string) =>
    (await sql<{ t: string | null }>`SELECT to_regclass(${table})::text AS t`.execute(db)).rows[0]?.t ===
    null;
  // A kept index from before a migration is carried over as the migration does.
  const carryOver = async (table: string, add: typeof addSearchTerms) => {
    const t = performance.now();
    await add(db, 'postgres');
    console.error(
      `  ${table} filled from the kept index in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  };
  if (!reuse || !exists) {
    await createSearchSchema(db, 'postgres');
  } else {
    if (await missing('search_terms')) {
      await carryOver('search_terms', addSearchTerms); // migration 2026112902
    }
    if (await missing('search_rank')) {
      await carryOver('search_rank', addSearchRank); // migration 2026113004
    }
  }
  const index = createPgSearchIndex({ db });
  return {
    name: 'PostgreSQL tsvector + GIN',
    index,
    async afterBuild() {
      // What autovacuum would do after a bulk load: statistics for the planner and the
      // visibility map; run explicitly so the measurement does not race it.
      const t = performance.now();
      await sql`VACUUM ANALYZE search_docs, search_terms, search_rank`.execute(db);
      return { label: 'VACUUM ANALYZE', seconds: (performance.now() - t) / 1000 };
    },
    async sizes() {
      const { rows } = await sql<{ indexes: number; total: number }>`
        SELECT (pg_indexes_size('search_docs') + pg_indexes_size('search_terms') + pg_indexes_size('search_rank'))::float8 AS indexes,
          (pg_total_relation_size('search_docs') + pg_total_relation_size('search_terms')
            + pg_total_relation_size('search_rank'))::float8 AS total`.execute(db);
      const row = rows[0] ?? { indexes: 0, total: 0 };
      return {
        index: row.indexes,
        total: row.total,
        note: 'GIN + B-tree indexes; total adds the rows, search_terms and its TOAST (the tsvectors), search_rank',
      };
    },
    async exactCount(word) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::float8 AS n FROM search_terms WHERE tsv @@ ${`'${word.replaceAll("'", "''")}'`}::tsquery`.execute(
        db,
      );
      return rows[0]?.n ?? 0;
    },
    async naive(query: SearchQuery) {
      const { count, page, params } = naiveSql(query, (i) => `$${i}`);
      const client = await pool.connect();
      try {
        await client.query(count, params);
        await client.query(page, params);
      } finally {
        client.release();
      }
    },
    async dispose(keep) {
      await index.close();
      if (!keep) {
        await sql.raw(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).execute(db);
      }
      await db.destroy();
    },
  };
}
