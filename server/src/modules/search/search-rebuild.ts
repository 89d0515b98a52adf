import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { INDEX_TYPE } from '../admin-content/admin-types.ts';
import { createContentIndexer } from '../admin-content/content-indexer.ts';
import { parseSearchDocId, type ContentType } from '../content/content-types.ts';

/** Documents written again per round; each round ends by taking them off the queue. */
const BATCH = 200;

const ADMIN_TYPE = Object.fromEntries(
  Object.entries(INDEX_TYPE).map(([admin, doc]) => [doc, admin]),
) as Record<ContentType, keyof typeof INDEX_TYPE>;

/**
 * Writes again every document a search migration queued in `search_rebuild` (2026112604: the
 * gram columns), from the content tables, exactly as publishing does (content-indexer.ts):
 * tags and company names live only there. Runs at start-up after the search dictionary is
 * loaded and before the portal is ready; a start cut off halfway resumes with what is left.
 * Returns how many documents were written.
 */
export async function rebuildSearchIndex({
  db,
  search,
  clock,
}: {
  db: Db;
  search: SearchIndex;
  clock: Clock;
}): Promise<number> {
  const indexer = createContentIndexer({ db, search, clock });
  let done = 0;
  for (;;) {
    const { rows } = await sql<{
      doc_id: string;
    }>`SELECT doc_id FROM search_rebuild ORDER BY doc_id LIMIT ${BATCH}`.execute(db.kysely);
    if (rows.length === 0) {
      return done;
    }
    for (const { doc_id: docId } of rows) {
      const ref = parseSearchDocId(docId);
      if (ref) {
        await indexer.sync(ADMIN_TYPE[ref.type], ref.id);
      } else {
        // No content row can give this document back (a type the portal no longer writes).
        await search.remove([docId]);
      }
    }
    const ids = rows.map((r) => r.doc_id);
    await sql`DELETE FROM search_rebuild WHERE doc_id IN (${sql.join(ids)})`.execute(db.kysely);
    done += rows.length;
  }
}
