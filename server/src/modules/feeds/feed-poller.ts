import { createHash } from 'node:crypto';
import type { TAdminFeedPollReply } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { decodeFeed } from '../../platform/feed-fetch/decode.ts';
import { FeedFetchError } from '../../platform/feed-fetch/feed-fetch-error.ts';
import { safeFetch, type SafeFetchOptions } from '../../platform/feed-fetch/safe-fetch.ts';
import type { ContentIndexer } from '../admin-content/content-indexer.ts';
import type { ContentService } from '../content/content.service.ts';
import { sanitizeHeadlineHtml } from '../content/headline-html.ts';
import { escapeText, readFeed, type RawItem } from './feed-items.ts';
import type { FeedSourceRow, FeedsRepo } from './feeds.repo.ts';
import { linkKey } from './link-key.ts';

/** Items taken from one poll: the newest this many; the rest count as skipped. */
export const MAX_ITEMS_PER_POLL = 1000;
/** Items cleaned between two turns of the event loop. */
const PREPARE_YIELD_EVERY = 10;
/** Largest body kept, after sanitising; a larger item is skipped. */
export const MAX_BODY_BYTES = 200 * 1024;
/** Raw bodies above this are skipped before sanitising (sanitising is the costly step). */
const MAX_RAW_BODY_BYTES = 2 * 1024 * 1024;
const TITLE_MAX = 200;
const SUMMARY_MAX = 300;
const SOURCE_NAME_MAX = 100;
const URL_MAX = 1000;
const KEY_MAX = 1000;
/** Dates before this are placeholders (1970, 0001): the fetch time stands in. */
const EARLIEST_REAL_DATE = Date.UTC(1990, 0, 1);

export const FEED_TEXT = {
  notAFeed: '不是可识别的 RSS、Atom、RDF 或 JSON Feed',
  failed: '抓取失败',
} as const;

/** An entry ready to write: checked, sanitised, with its keys. */
type ReadyItem = {
  guid: string | null;
  linkKey: string | null;
  hash: string;
  title: string;
  description: string;
  content: string;
  url: string;
  publishedAt: number;
};

export type PollResult = TAdminFeedPollReply & {
  etag?: string | null;
  lastModified?: string | null;
};

const plain = (html: string) =>
  sanitizeHeadlineHtml(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();

const cut = (text: string, max: number) => [...text].slice(0, max).join('');

/** The feed's date bounded to now; missing, unreadable or placeholder dates take the fetch time. */
export function boundedDate(date: string, fetchedAt: number): number {
  const parsed = date.trim() === '' ? NaN : Date.parse(date.trim());
  if (!Number.isFinite(parsed) || parsed < EARLIEST_REAL_DATE) {
    return fetchedAt;
  }
  return Math.min(parsed, fetchedAt);
}

/** Checks and cleans one entry; null when it cannot become a headline (counted as skipped). */
function prepare(raw: RawItem, fetchedAt: number): ReadyItem | null {
  const title = cut(plain(raw.title), TITLE_MAX);
  if (title === '' || raw.html.length > MAX_RAW_BODY_BYTES) {
    return null;
  }
  const summarySource = raw.summary !== '' ? raw.summary : raw.html;
  const description = cut(plain(summarySource), SUMMARY_MAX);
  let content = sanitizeHeadlineHtml(raw.html).trim();
  if (plain(content) === '' && !/<img\b/i.test(content)) {
    content = `<p>${escapeText(description || title)}</p>`;
  }
  if (Buffer.byteLength(content) > MAX_BODY_BYTES) {
    return null;
  }
  const url = raw.link.length <= URL_MAX ? raw.link : '';
  const guid = raw.guid.trim() !== '' ? cut(raw.guid.trim(), KEY_MAX) : null;
  const key = url ? linkKey(url) : null;
  const linkKeyValue = key !== null && key.length <= KEY_MAX ? key : null;
  if (guid === null && linkKeyValue === null) {
    return null; // nothing to recognise it by next time: it would be added again on every poll
  }
  const hash = createHash('sha256')
    .update(JSON.stringify([title, description, content, url]))
    .digest('hex');
  return {
    guid,
    linkKey: linkKeyValue,
    hash,
    title,
    description,
    content,
    url,
    publishedAt: boundedDate(raw.date, fetchedAt),
  };
}

export type FeedPollerDeps = {
  repo: FeedsRepo;
  content: ContentService;
  indexer: ContentIndexer;
  clock: Clock;
  fetch: Omit<SafeFetchOptions, 'etag' | 'lastModified'>;
  /** Faults that are ours, not the feed's (a database error): the source shows 抓取失败, the log says why. */
  onError?: (error: unknown, sourceId: number) => void;
};

/**
 * One poll of one source: fetch (conditional), decode, parse, then write. New items become
 * published headlines through the content service (sanitised, indexed at once, so they reach
 * /headlines, search and the next digest); a remembered item whose text changed is rewritten
 * in place and re-indexed. A bad item is skipped and counted; a failed fetch or parse changes
 * nothing and is returned as `error`.
 */
export function createFeedPoller({ repo, content, indexer, clock, fetch, onError }: FeedPollerDeps) {
  async function write(source: FeedSourceRow, raws: RawItem[], fetchedAt: number) {
    // The newest first; only as many are cleaned as the cap takes (sanitising is the costly
    // step), the rest count as skipped.
    const newestFirst = raws
      .map((raw) => ({ raw, at: boundedDate(raw.date, fetchedAt) }))
      .sort((x, y) => y.at - x.at);
    let skipped = 0;
    const batch: ReadyItem[] = [];
    for (const [i, { raw }] of newestFirst.entries()) {
      if (i > 0 && i % PREPARE_YIELD_EVERY === 0) {
        // Sanitising is synchronous: a long feed lets other requests in between items.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const item = batch.length < MAX_ITEMS_PER_POLL ? prepare(raw, fetchedAt) : null;
      if (item) {
        batch.push(item);
      } else {
        skipped++;
      }
    }

    const known = await repo.knownItems(
      batch.flatMap((i) => (i.guid ? [i.guid] : [])),
      batch.flatMap((i) => (i.linkKey ? [i.linkKey] : [])),
    );
    const byGuid = new Map(known.filter((k) => k.guid !== null).map((k) => [k.guid, k]));
    const byLink = new Map(known.filter((k) => k.link_key !== null).map((k) => [k.link_key, k]));
    const seen = new Set<string>();
    const fresh: { item: ReadyItem; reservation: number }[] = [];
    let updated = 0;
    for (const item of batch) {
      const keys = [item.guid && `g:${item.guid}`, item.linkKey && `l:${item.linkKey}`].filter(
        Boolean,
      ) as string[];
      if (keys.some((k) => seen.has(k))) {
        continue; // the same story twice in one feed
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
      const reservation = await repo.reserve(
        { sourceId: source.id, guid: item.guid, linkKey: item.linkKey, hash: item.hash },
        clock.now().getTime(),
      );
      if (reservation !== null) {
        fresh.push({ item, reservation });
      }
    }

    if (fresh.length > 0) {
      let stored: readonly number[] = [];
      try {
        await content.addHeadlines(
          fresh.map(({ item }) => ({
            title: item.title,
            description: item.description,
            content: item.content,
            source_name: cut(source.name, SOURCE_NAME_MAX),
            source_url: item.url,
            published_at: item.publishedAt,
            status: 'published',
          })),
          [],
          async (ids) => {
            for (const [i, { reservation }] of fresh.entries()) {
              const id = ids[i];
              if (id !== undefined) {
                await repo.attach(reservation, id);
              }
            }
            stored = ids;
          },
        );
      } catch (error) {
        if (stored.length === 0) {
          // Nothing half-written: the reservations go with the failed insert.
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
    return { added: fresh.length, updated, skipped };
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
        let raws: RawItem[];
        try {
          raws = readFeed(decodeFeed(res.body, res.contentType), res.url);
        } catch {
          throw new FeedFetchError(FEED_TEXT.notAFeed, 'format');
        }
        const counts = await write(source, raws, fetchedAt);
        return { ...counts, etag: res.etag, lastModified: res.lastModified };
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
