import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { searchDocId } from '../content/content-types.ts';
import { PUBLISHED } from '../content/publish-status.ts';
import { SAME_STORY_BITS, sameStory, titleFigures, type StoryKey } from './same-story.ts';
import { halves, headlineStoryHash, popcount } from './simhash.ts';

/** A story is looked for among headlines published this close to it: the same news runs within days. */
export const WINDOW_MS = 3 * 86_400_000;
/** Most headlines read per batch as candidates (the newest in the batch's window). */
const MAX_CANDIDATES = 20_000;
/** Rows hashed between two turns of the event loop. */
const YIELD_EVERY = 20;
/** Headlines hashed per round of the start-up pass. */
const BATCH = 200;
/**
 * The candidates read for one batch are kept for the next batches whose window they cover
 * (a feed poll clusters 8 items at a time: reading the window each time was its largest cost),
 * topped up with the rows added since and read afresh this often. Widened by a day on each side
 * when read, so the next batches of a feed (older items) still fall inside.
 */
const CANDIDATES_TTL_MS = 30_000;
const CANDIDATES_SLACK_MS = 86_400_000;

/** Another headline of the story, for the detail page's list of sources. */
export type ClusterMember = {
  id: number;
  title: string;
  source_name: string;
  source_url: string;
  published_at: number;
};

/** One figure of storyFigures' rows by headline id, for the headlines where it is above `above`. */
function figureOf(
  rows: readonly { id: number; size: number | string; sources: number | string }[],
  figure: 'size' | 'sources',
  above: number,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const row of rows) {
    const n = Number(row[figure]);
    if (n > above) {
      out.set(row.id, n);
    }
  }
  return out;
}

/**
 * True for a headline that is not its story's card: a published headline of the same cluster
 * came first. For SQL on `headlines` (the digest); the table must not be aliased.
 */
export function isCopySql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from headlines first_of_story where first_of_story.cluster_id = headlines.cluster_id and first_of_story.id < headlines.id and first_of_story.status = ${PUBLISHED})`;
}

/**
 * Near-duplicate headlines: the same story from several sources becomes one cluster. Each new
 * headline is hashed (simhash.ts) and compared with the headlines published within WINDOW_MS of
 * it; the closest one telling the same story (same-story.ts) gives its cluster, else the headline
 * starts its own. The card of a cluster is its first published headline: the others have no
 * search document, so lists and search show one card, and the digest leaves them out.
 */
export function createHeadlineClusters(db: Db) {
  const k = db.kysely;

  /** Per headline of `ids`: how many headlines tell its story, and how many sources published it. */
  async function storyFigures(ids: readonly number[]) {
    if (ids.length === 0) {
      return [];
    }
    return k
      .selectFrom('headlines as h')
      .innerJoin('headlines as m', 'm.cluster_id', 'h.cluster_id')
      .select((eb) => [
        'h.id',
        eb.fn.countAll<number | string>().as('size'),
        eb.fn
          .count<number | string>('m.source_name')
          .distinct()
          .filterWhere('m.status', '=', PUBLISHED)
          .as('sources'),
      ])
      .where('h.id', 'in', [...ids])
      .groupBy('h.id')
      .execute();
  }

  type NewRow = { id: number; title: string; description: string; content: string; published_at: number };
  type Known = {
    id: number;
    cluster: number;
    publishedAt: number;
    key: StoryKey | null;
    /** Read only when its fingerprint is within the threshold. */
    title: string | null;
    hi: number;
    lo: number;
  };
  const halvesOf = (hash: string) => {
    const [hi, lo] = halves(hash);
    return { hi, lo };
  };
  type CandidateRow = { id: number; simhash: string | null; cluster_id: number | null; published_at: number };
  const knownOf = (c: CandidateRow): Known => ({
    id: c.id,
    cluster: c.cluster_id ?? c.id,
    publishedAt: c.published_at,
    key: { simhash: c.simhash ?? '', figures: [] },
    title: null,
    ...halvesOf(c.simhash ?? ''),
  });
  const candidateQuery = (from: number, to: number) =>
    k
      .selectFrom('headlines')
      // No titles: thousands of rows are read and only the few within the threshold need
      // theirs (read then), which made this query 3× cheaper on SQLite.
      .select(['id', 'simhash', 'cluster_id', 'published_at'])
      .where('published_at', '>=', from)
      .where('published_at', '<=', to);

  /**
   * Candidates of the window [from, to], kept between batches. `after`: rows above this id are
   * read again on the next batch — everything from the first row that had no fingerprint yet
   * (another poll's, clustered a moment later) — so rows other writers add are not missed.
   * A row edited or deleted after it was read is caught where it matters: a candidate within
   * the threshold is read again before it gives its cluster (`confirm`).
   */
  let cache: { from: number; to: number; readAt: number; after: number; rows: Map<number, Known> } | null =
    null;

  function remember(rows: readonly CandidateRow[], into: Map<number, Known>): number {
    let pending = Number.POSITIVE_INFINITY;
    let top = 0;
    for (const r of rows) {
      top = Math.max(top, r.id);
      if (r.simhash === null) {
        pending = Math.min(pending, r.id);
      } else if (r.simhash !== '') {
        into.set(r.id, knownOf(r));
      }
    }
    return Number.isFinite(pending) ? pending - 1 : top;
  }

  async function candidatesFor(from: number, to: number): Promise<Map<number, Known>> {
    const now = Date.now();
    if (cache && cache.from <= from && cache.to >= to && now - cache.readAt < CANDIDATES_TTL_MS) {
      const added = await candidateQuery(cache.from, cache.to).where('id', '>', cache.after).execute();
      cache.after = Math.max(cache.after, remember(added, cache.rows));
      return cache.rows;
    }
    const wide = { from: from - CANDIDATES_SLACK_MS, to: to + CANDIDATES_SLACK_MS };
    const read = await candidateQuery(wide.from, wide.to)
      .orderBy('published_at', 'desc')
      .limit(MAX_CANDIDATES + 1)
      .execute();
    const rows = new Map<number, Known>();
    const after = remember(read.slice(0, MAX_CANDIDATES), rows);
    // A window over the cap holds only its newest rows: good for this batch, not kept.
    cache = read.length > MAX_CANDIDATES ? null : { ...wide, readAt: now, after, rows };
    return rows;
  }

  /** A kept candidate within the threshold, read again: its title, and whether it still holds. */
  async function confirm(c: Known): Promise<boolean> {
    const row = await k
      .selectFrom('headlines')
      .select(['title', 'simhash', 'cluster_id', 'published_at'])
      .where('id', '=', c.id)
      .executeTakeFirst();
    if (!row || !row.simhash || row.simhash !== c.key?.simhash) {
      cache?.rows.delete(c.id); // deleted or edited since read: back with the next full read
      return false;
    }
    c.title = row.title;
    c.cluster = row.cluster_id ?? c.id;
    c.publishedAt = row.published_at;
    return true;
  }

  /**
   * Hashes and clusters `rows` (in id order): the headlines already hashed within the window
   * around the batch are read once, then each row is compared in memory with them and with the
   * rows before it. Figures are read only for fingerprints within the threshold. `known`: the
   * fingerprints already computed elsewhere (a feed poll's parser thread), by headline id.
   */
  async function clusterBatch(
    rows: readonly NewRow[],
    known: ReadonlyMap<number, string | null> = new Map(),
  ): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    const times = rows.map((r) => r.published_at);
    const own = new Set(rows.map((r) => r.id));
    const from = Math.min(...times) - WINDOW_MS;
    const to = Math.max(...times) + WINDOW_MS;
    const pool: Known[] = [];
    for (const c of (await candidatesFor(from, to)).values()) {
      if (!own.has(c.id) && c.publishedAt >= from && c.publishedAt <= to) {
        pool.push({ ...c }); // a copy: `confirm` fills in this batch's reading only
      }
    }
    const assigned: { id: number; simhash: string; cluster: number }[] = [];
    const fresh: Known[] = [];
    for (const row of rows) {
      const hash = known.has(row.id) ? (known.get(row.id) ?? null) : headlineStoryHash(row);
      if (hash === null) {
        assigned.push({ id: row.id, simhash: '', cluster: row.id });
        continue;
      }
      const mine: StoryKey = { simhash: hash, figures: titleFigures(row.title) };
      let best: { cluster: number; distance: number; id: number } | null = null;
      const [hi, lo] = halves(hash);
      for (const c of pool) {
        if (!c.key || Math.abs(c.publishedAt - row.published_at) > WINDOW_MS) {
          continue;
        }
        const distance = popcount((hi ^ c.hi) >>> 0) + popcount((lo ^ c.lo) >>> 0);
        if (
          distance > SAME_STORY_BITS ||
          (best && (distance > best.distance || (distance === best.distance && c.id > best.id)))
        ) {
          continue;
        }
        if (c.title === null && !(await confirm(c))) {
          continue;
        }
        if (c.title !== null && sameStory(mine, { simhash: c.key.simhash, figures: titleFigures(c.title) })) {
          best = { cluster: c.cluster, distance, id: c.id };
        }
      }
      const cluster = best?.cluster ?? row.id;
      assigned.push({ id: row.id, simhash: hash, cluster });
      const entry: Known = {
        id: row.id,
        cluster,
        publishedAt: row.published_at,
        key: mine,
        title: row.title,
        hi,
        lo,
      };
      pool.push(entry);
      fresh.push(entry);
      if (assigned.length % YIELD_EVERY === 0) {
        // Hashing and comparing are synchronous: let other requests in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await k.transaction().execute(async (tx) => {
      for (const a of assigned) {
        await tx
          .updateTable('headlines')
          .set({ simhash: a.simhash, cluster_id: a.cluster })
          .where('id', '=', a.id)
          .execute();
      }
    });
    // Kept for the next batches (titles dropped: read again if one is ever within the threshold).
    for (const c of fresh) {
      if (cache && c.publishedAt >= cache.from && c.publishedAt <= cache.to) {
        cache.rows.set(c.id, { ...c, title: null });
      }
    }
  }

  const rowsOf = (ids: readonly number[]) =>
    k
      .selectFrom('headlines')
      .select(['id', 'title', 'description', 'content', 'published_at'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();

  return {
    /**
     * Clusters new headlines (any status), in id order. `hashes`: fingerprints already
     * computed (headlineStoryHash of the stored row), so only the comparing runs here.
     */
    async assign(ids: readonly number[], hashes?: ReadonlyMap<number, string | null>): Promise<void> {
      for (let i = 0; i < ids.length; i += BATCH) {
        await clusterBatch(await rowsOf(ids.slice(i, i + BATCH)), hashes);
      }
    },

    /**
     * Hashes the headlines that have no fingerprint yet (rows from before migration
     * 2026112702, or written by a path that does not cluster), oldest first, in batches; returns
     * the ids that turned out to be copies, whose search documents must go.
     */
    async clusterPending(): Promise<number[]> {
      const copies: number[] = [];
      for (;;) {
        const rows = await k
          .selectFrom('headlines')
          .select(['id', 'title', 'description', 'content', 'published_at'])
          .where('simhash', 'is', null)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) {
          return copies;
        }
        await clusterBatch(rows);
        copies.push(...(await this.copies(rows.map((r) => r.id))));
      }
    },

    /** Which of `ids` are copies: an earlier headline of their story is published. */
    async copies(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) {
        return new Set();
      }
      const rows = await k
        .selectFrom('headlines')
        .select('id')
        .where('id', 'in', [...ids])
        .where(isCopySql())
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** The other headlines of `id`'s story, any status (re-indexing after a publish or delete). */
    async siblings(id: number): Promise<number[]> {
      const own = await k
        .selectFrom('headlines')
        .select('cluster_id')
        .where('id', '=', id)
        .executeTakeFirst();
      const rows = await k
        .selectFrom('headlines')
        .select('id')
        .where('cluster_id', '=', own?.cluster_id ?? id)
        .where('id', '!=', id)
        .execute();
      return rows.map((r) => r.id);
    },

    /** How many sources carried each story of `ids` (distinct source names of its published headlines). */
    async sourceCounts(ids: readonly number[]): Promise<Map<number, number>> {
      return figureOf(await storyFigures(ids), 'sources', 0);
    },

    /** How many headlines (any status) tell each story of `ids`, for those told by more than one. */
    async storySizes(ids: readonly number[]): Promise<Map<number, number>> {
      return figureOf(await storyFigures(ids), 'size', 1);
    },

    /** The other headlines of `id`'s story in any status, oldest first (the back-office's 同一事件). */
    async story(id: number) {
      return k
        .selectFrom('headlines as h')
        .innerJoin('headlines as m', 'm.cluster_id', 'h.cluster_id')
        .select(['m.id', 'm.title', 'm.source_name', 'm.status', 'm.published_at'])
        .where('h.id', '=', id)
        .where('m.id', '!=', id)
        .orderBy('m.id')
        .limit(50)
        .execute();
    },

    /**
     * Takes `id` out of its story (an editor undoing a wrong join): it becomes a story of its own
     * and the rest stay one story, under their first headline's id when `id` was that. Returns
     * the ids of the rest, [] when there were none. New headlines are clustered as before; `id`
     * is never clustered again, so it stays apart.
     */
    async split(id: number): Promise<number[]> {
      return k.transaction().execute(async (tx) => {
        const own = await tx
          .selectFrom('headlines')
          .select('cluster_id')
          .where('id', '=', id)
          .executeTakeFirst();
        const cluster = own?.cluster_id ?? id;
        const rest = (
          await tx
            .selectFrom('headlines')
            .select('id')
            .where('cluster_id', '=', cluster)
            .where('id', '!=', id)
            .orderBy('id')
            .execute()
        ).map((r) => r.id);
        const [first] = rest;
        if (first === undefined) {
          return [];
        }
        if (cluster === id) {
          await tx.updateTable('headlines').set({ cluster_id: first }).where('id', 'in', rest).execute();
        }
        await tx.updateTable('headlines').set({ cluster_id: id }).where('id', '=', id).execute();
        return rest;
      });
    },

    /** The other published headlines of `id`'s story, oldest first. */
    async others(id: number): Promise<ClusterMember[]> {
      const own = await k
        .selectFrom('headlines')
        .select('cluster_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!own || own.cluster_id === null) {
        return [];
      }
      return k
        .selectFrom('headlines')
        .select(['id', 'title', 'source_name', 'source_url', 'published_at'])
        .where('cluster_id', '=', own.cluster_id)
        .where('id', '!=', id)
        .where('status', '=', PUBLISHED)
        .orderBy('id')
        .limit(50)
        .execute();
    },
  };
}

export type HeadlineClusters = ReturnType<typeof createHeadlineClusters>;

/**
 * Start-up: clusters every headline not hashed yet (the rows that existed before migration
 * 2026112702) and takes the copies out of the search index. Returns how many were hashed and
 * how many turned out to be copies.
 */
export async function clusterExistingHeadlines(
  db: Db,
  search: Pick<SearchIndex, 'remove'>,
): Promise<{ copies: number }> {
  const copies = await createHeadlineClusters(db).clusterPending();
  for (let i = 0; i < copies.length; i += 200) {
    await search.remove(copies.slice(i, i + 200).map((id) => searchDocId('business', id)));
  }
  return { copies: copies.length };
}
