import type { TAdminFeedPollReply } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { FeedFetchError } from '../../platform/feed-fetch/feed-fetch-error.ts';
import { safeFetch, type SafeFetchOptions } from '../../platform/feed-fetch/safe-fetch.ts';
import type { ContentIndexer } from '../admin-content/content-indexer.ts';
import type { ContentIngestion } from '../content/content.service.ts';
import { FEED_TEXT, type ParseJob, type ReadyItem } from './feed-parse.ts';
import type { FeedParsePool } from './feed-parse-pool.ts';
import type { FeedSourceRow, FeedsRepo } from './feeds.repo.ts';
import type { WriteTurns } from './write-turns.ts';

/**
 * Items written per turn of the event loop. Every statement is synchronous on SQLite
 * (better-sqlite3), so one chunk — its look-ups, reservations, insert, clustering and index
 * write — is one slice of the loop; 8 items measured ~5–10 ms (root README, "Performance").
 */
const WRITE_CHUNK = 4;

export type PollResult = TAdminFeedPollReply & {
  etag?: string | null;
  lastModified?: string | null;
};

export type FeedPollerDeps = {
  repo: FeedsRepo;
  /** Items become headlines through content ingestion; the poller reads no other content. */
  content: Pick<ContentIngestion, 'addHeadlines'>;
  indexer: ContentIndexer;
  clock: Clock;
  /** Where fetched feeds are parsed (worker threads). */
  parser: Pick<FeedParsePool, 'parse'>;
  /** Shared by the process's polls: one write chunk per turn of the event loop. */
  turns: WriteTurns;
  fetch: Omit<SafeFetchOptions, 'etag' | 'lastModified'>;
  /** Faults that are ours, not the feed's (a database error): the source shows 抓取失败, the log says why. */
  onError?: (error: unknown, sourceId: number) => void;
};

/**
 * One poll of one source: fetch (conditional) on the event loop, parse in a parser thread
 * (feed-parse.ts: decoded, checked, sanitised, keyed, fingerprinted, tokenised), then write in
 * chunks of WRITE_CHUNK items, yielding to the event loop between them. New items become
 * published headlines through the content service (indexed at once, so they reach
 * /headlines, search and the next digest); a remembered item whose text changed is rewritten
 * in place and re-indexed. A bad item is skipped and counted; a failed fetch or parse changes
 * nothing and is returned as `error`.
 */
export function createFeedPoller({
  repo,
  content,
  indexer,
  clock,
  parser,
  turns,
  fetch,
  onError,
}: FeedPollerDeps) {
  /** Writes one chunk; `seen` holds the keys of the poll's earlier items (the same story twice in one feed). */
  async function writeChunk(source: FeedSourceRow, chunk: readonly ReadyItem[], seen: Set<string>) {
    const known = await repo.knownItems(
      chunk.flatMap((i) => (i.guid ? [i.guid] : [])),
      chunk.flatMap((i) => (i.linkKey ? [i.linkKey] : [])),
    );
    const byGuid = new Map(known.filter((k) => k.guid !== null).map((k) => [k.guid, k]));
    const byLink = new Map(known.filter((k) => k.link_key !== null).map((k) => [k.link_key, k]));
    const unknown: ReadyItem[] = [];
    let updated = 0;
    for (const item of chunk) {
      const keys = [item.guid && `g:${item.guid}`, item.linkKey && `l:${item.linkKey}`].filter(
        Boolean,
      ) as string[];
      if (keys.some((k) => seen.has(k))) {
        continue;
      }
      keys.forEach((k) => seen.add(k));
      const match =
        (item.guid ? byGuid.get(item.guid) : undefined) ??
        (item.linkKey ? byLink.get(item.linkKey) : undefined);
      if (match) {
        // Only the source that brought a story rewrites it: another source's copy of the same
        // story (often with other wording or tracking links) is a duplicate, not an edit.
        if (match.source_id === source.id && match.content_hash !== item.hash && match.headline_id !== null) {
          const now = clock.now().getTime();
          const changed = await repo.updateHeadline(
            match.headline_id,
            { title: item.title, description: item.description, content: item.content, source_url: item.url },
            now,
          );
          await repo.rehash(match.id, item.hash, now);
          if (changed) {
            await indexer.sync('headline', match.headline_id);
            updated++;
          }
        }
        continue;
      }
      unknown.push(item);
    }
    const reservations = await repo.reserveMany(
      unknown.map((item) => ({
        sourceId: source.id,
        guid: item.guid,
        linkKey: item.linkKey,
        hash: item.hash,
      })),
      clock.now().getTime(),
    );
    const fresh = unknown.flatMap((item, i) => {
      const reservation = reservations[i];
      return reservation === null || reservation === undefined ? [] : [{ item, reservation }];
    });
    if (fresh.length > 0) {
      await addFresh(fresh);
    }
    return { added: fresh.length, updated };
  }

  async function addFresh(fresh: readonly { item: ReadyItem; reservation: number }[]) {
    let stored: readonly number[] = [];
    try {
      await content.addHeadlines(
        fresh.map(({ item }) => ({
          title: item.title,
          description: item.description,
          content: item.content,
          source_name: item.sourceName,
          source_url: item.url,
          published_at: item.publishedAt,
          status: 'published',
        })),
        [],
        async (ids) => {
          await repo.attachMany(
            fresh.flatMap(({ reservation }, i) => {
              const headlineId = ids[i];
              return headlineId === undefined ? [] : [{ itemId: reservation, headlineId }];
            }),
          );
          stored = ids;
        },
        fresh.map(({ item }) => ({ simhash: item.simhash, doc: item.doc })),
      );
    } catch (error) {
      if (stored.length === 0) {
        // Nothing half-written: the chunk's reservations go with the failed insert (earlier
        // chunks are whole headlines, known to the next poll).
        await repo.release(fresh.map((f) => f.reservation));
      } else {
        // Stored and remembered, but clustering or indexing failed: index them again so
        // they are not stored yet unsearchable (the next poll skips them as known).
        for (const id of stored) {
          await indexer.sync('headline', id).catch(() => undefined);
        }
      }
      throw error;
    }
  }

  /**
   * Parses in a parser thread and writes the items as they arrive, WRITE_CHUNK at a time, one
   * chunk per turn of the event loop: the writes of a long feed overlap its cleaning. A parse
   * fault stops the writing and is thrown; chunks written before it stay (whole headlines).
   */
  async function parseAndWrite(source: FeedSourceRow, job: ParseJob) {
    const buffer: ReadyItem[] = [];
    let finished = false;
    let failed = false;
    let wake: (() => void) | null = null;
    const signal = () => {
      wake?.();
      wake = null;
    };
    const parsing = parser.parse(job, (items) => {
      buffer.push(...items);
      signal();
    });
    parsing
      .then(
        () => undefined,
        () => {
          failed = true;
        },
      )
      .finally(() => {
        finished = true;
        signal();
      });
    const seen = new Set<string>();
    let added = 0;
    let updated = 0;
    while (!failed) {
      if (buffer.length >= WRITE_CHUNK || (finished && buffer.length > 0)) {
        await turns.next();
        const counts = await writeChunk(source, buffer.splice(0, WRITE_CHUNK), seen);
        added += counts.added;
        updated += counts.updated;
      } else if (finished) {
        break;
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
    const { skipped } = await parsing; // throws the parse fault
    return { added, updated, skipped };
  }

  return {
    /** Polls `source` now. Never throws for the feed's faults: they come back as `error`. */
    async poll(source: FeedSourceRow): Promise<PollResult> {
      const fetchedAt = clock.now().getTime();
      try {
        const res = await safeFetch(source.url, {
          ...fetch,
          etag: source.etag,
          lastModified: source.last_modified,
        });
        if (res.notModified) {
          return { added: 0, updated: 0, skipped: 0 };
        }
        const { added, updated, skipped } = await parseAndWrite(source, {
          body: res.body,
          contentType: res.contentType,
          url: res.url,
          fetchedAt,
          sourceName: source.name,
        });
        // Unchanged items are not counted.
        return { added, updated, skipped, etag: res.etag, lastModified: res.lastModified };
      } catch (error) {
        if (!(error instanceof FeedFetchError)) {
          onError?.(error, source.id);
        }
        const message = error instanceof FeedFetchError ? error.message : FEED_TEXT.failed;
        return { added: 0, updated: 0, skipped: 0, error: message };
      }
    },
  };
}

export type FeedPoller = ReturnType<typeof createFeedPoller>;
