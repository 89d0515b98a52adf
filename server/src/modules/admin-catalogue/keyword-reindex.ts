import type { TCatalogueReindex } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { rebuildSearchIndex } from '../search/search-rebuild.ts';
import { restampSearchIndex } from '../search/search-restamp.ts';

/** search_docs rows read per step of the scan; the event loop gets a turn between steps. */
const SCAN_STEP = 2000;

/** `word` as a LIKE pattern that matches it anywhere, its own % _ \ taken literally. */
const containing = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Re-indexes the documents whose title or body contains a new or renamed keyword, so that it
 * becomes one token in them (whole-word ranking and highlighting; the index's bigrams already
 * find it). The matches go into `search_rebuild` — the queue the start-up rebuild drains, so a
 * process stopped halfway leaves the rest to the next start — and this process drains it in the
 * background, one job after another. Progress lives in the database (`catalogue_reindex.queued`
 * minus what is left in the queue), so any server process answers it.
 */
export function createKeywordReindex({
  db,
  search,
  clock,
  onError,
}: {
  db: Db;
  search: SearchIndex;
  clock: Clock;
  onError: (err: unknown) => void;
}) {
  const k = db.kysely;
  let running: Promise<void> = Promise.resolve();

  const remaining = async () => {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_rebuild`.execute(k);
    return Number(rows[0]?.n ?? 0);
  };

  /** Adds `n` to the current job's count; a finished job (empty queue) starts again from 0. */
  async function addQueued(n: number, fresh: boolean): Promise<void> {
    const now = clock.now().getTime();
    await k
      .insertInto('catalogue_reindex')
      .values({ id: 1, queued: n, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ queued: fresh ? n : sql`catalogue_reindex.queued + ${n}`, updated_at: now }),
      )
      .execute();
  }

  async function queue(word: string): Promise<void> {
    const pattern = containing(word);
    let fresh = (await remaining()) === 0;
    let after: unknown = null;
    for (;;) {
      const { rows } = await sql<{ ord: unknown; doc_id: string; hit: number | boolean }>`
        SELECT ord, doc_id, (lower(title) LIKE ${pattern} ESCAPE '\\' OR lower(body) LIKE ${pattern} ESCAPE '\\') AS hit
        FROM search_docs ${after === null ? sql`` : sql`WHERE ord > ${after}`}
        ORDER BY ord LIMIT ${SCAN_STEP}`.execute(k);
      const hits = rows.filter((r) => r.hit === true || Number(r.hit) === 1).map((r) => r.doc_id);
      if (hits.length > 0 || fresh) {
        if (hits.length > 0) {
          await sql`INSERT INTO search_rebuild (doc_id) VALUES ${sql.join(hits.map((id) => sql`(${id})`))}
            ON CONFLICT DO NOTHING`.execute(k);
        }
        await addQueued(hits.length, fresh);
        fresh = false;
      }
      if (rows.length < SCAN_STEP) {
        return;
      }
      after = rows[rows.length - 1]?.ord;
    }
  }

  return {
    /** Starts the background work for `word` after any job already running; returns at once. */
    start(word: string): void {
      running = running
        .then(async () => {
          await queue(word);
          await rebuildSearchIndex({ db, search, clock });
          // Every other document is stamped past the word (search/word-restamp.ts), so searches
          // match it by its token alone from now on. Documents the pass queues (they may hold a
          // word registered since they were written: this one in a tag, one readers searched
          // for) count in the job's progress, which would otherwise step back while they wait.
          await restampSearchIndex({ db, search, clock, onQueued: (n) => addQueued(n, false) });
        })
        .catch(onError);
    },

    /** Resolves when every job started so far has finished (tests, shutdown). */
    idle: (): Promise<void> => running,

    async progress(): Promise<TCatalogueReindex> {
      const row = await k
        .selectFrom('catalogue_reindex')
        .select('queued')
        .where('id', '=', 1)
        .executeTakeFirst();
      const queued = Number(row?.queued ?? 0);
      return { queued, done: Math.max(0, queued - (await remaining())) };
    },
  };
}

export type KeywordReindex = ReturnType<typeof createKeywordReindex>;
