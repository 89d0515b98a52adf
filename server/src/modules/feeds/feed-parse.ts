import { createHash } from 'node:crypto';
import { decodeHtmlEntities } from '@portal/contract';
import { decodeFeed } from '../../platform/feed-fetch/decode.ts';
import { prepareDoc } from '../../search/prepare-doc.ts';
import type { PreparedDoc } from '../../search/search.types.ts';
import { headlineDoc } from '../content/content-docs.ts';
import { sanitizeHeadlineHtml } from '../content/headline-html.ts';
import type { HeadlineRow } from '../content/headlines.repo.ts';
import { headlineStoryHash } from '../headline-clusters/simhash.ts';
import { escapeText, readFeed, type RawItem } from './feed-items.ts';
import { linkKey } from './link-key.ts';

/**
 * The CPU-heavy part of a poll, pure so it can run in a worker thread (feed-parse-pool.ts):
 * bytes → text in the feed's encoding → entries (feedsmith) → checked, sanitised items with
 * their de-duplication keys, content hash, near-duplicate fingerprint and search tokens. What
 * is left for the event loop is database and index writes.
 */

/** Items taken from one poll: the newest this many; the rest count as skipped. */
export const MAX_ITEMS_PER_POLL = 1000;
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

/** A poll's own errors, as the back-office shows them (fetch errors: platform/feed-fetch). */
export const FEED_TEXT = {
  notAFeed: '不是可识别的 RSS、Atom、RDF 或 JSON Feed',
  failed: '抓取失败',
  parseTimeout: '解析超时',
  parseCrashed: '解析失败',
} as const;

/** What one poll hands to the parser: the fetched bytes and what is needed to read them. */
export type ParseJob = {
  body: Uint8Array;
  contentType: string;
  /** The feed's final address (after redirects): relative links resolve against it. */
  url: string;
  fetchedAt: number;
  /** The source's name, the headlines' source (it is part of their search document). */
  sourceName: string;
};

/** An entry ready to write: checked, sanitised, with its keys, fingerprint and search tokens. */
export type ReadyItem = {
  guid: string | null;
  linkKey: string | null;
  hash: string;
  title: string;
  description: string;
  content: string;
  url: string;
  sourceName: string;
  publishedAt: number;
  /** Near-duplicate fingerprint (headline-clusters), null when the text holds no usable token. */
  simhash: string | null;
  /** The headline's search document, tokens included; its id and hot score are set when written. */
  doc: PreparedDoc;
};

/** What is left once every item has been handed over: how many entries were not usable or over the cap. */
export type ParsedFeed = { skipped: number };

/** Items handed over at a time, so the writes start while the rest are still being cleaned. */
const EMIT_EVERY = 50;

/** Thrown when the bytes are not a feed (the poll reports 不是可识别的 …). */
export class NotAFeedError extends Error {
  constructor(cause: unknown) {
    super('not a feed', { cause });
    this.name = 'NotAFeedError';
  }
}

const plain = (html: string) =>
  decodeHtmlEntities(sanitizeHeadlineHtml(html).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

export const cut = (text: string, max: number) => [...text].slice(0, max).join('');

/** The feed's date bounded to now; missing, unreadable or placeholder dates take the fetch time. */
export function boundedDate(date: string, fetchedAt: number): number {
  const parsed = date.trim() === '' ? NaN : Date.parse(date.trim());
  if (!Number.isFinite(parsed) || parsed < EARLIEST_REAL_DATE) {
    return fetchedAt;
  }
  return Math.min(parsed, fetchedAt);
}

/** Checks and cleans one entry; null when it cannot become a headline (counted as skipped). */
function prepare(raw: RawItem, fetchedAt: number, sourceName: string): ReadyItem | null {
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
  const publishedAt = boundedDate(raw.date, fetchedAt);
  // The row the content service will store (it sanitises again; sanitised HTML comes back the
  // same), so the fingerprint and search document computed here are the stored row's.
  const row = { title, description, content, source_name: sourceName, published_at: publishedAt };
  return {
    guid,
    linkKey: linkKeyValue,
    hash,
    title,
    description,
    content,
    url,
    sourceName,
    publishedAt,
    simhash: headlineStoryHash(row),
    doc: prepareDoc(headlineDoc({ ...row, id: 0 } as HeadlineRow, 0)),
  };
}

/**
 * Reads a fetched feed into items ready to write, handed to `emit` in batches, newest first:
 * the newest MAX_ITEMS_PER_POLL usable entries; unusable entries and those past the cap count
 * as skipped. Throws NotAFeedError, before emitting anything, when the bytes are not RSS, Atom,
 * RDF or JSON Feed.
 */
export function parseFeedJob(job: ParseJob, emit: (items: ReadyItem[]) => void): ParsedFeed {
  let raws: RawItem[];
  try {
    const body = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
    raws = readFeed(decodeFeed(body, job.contentType), job.url);
  } catch (error) {
    throw new NotAFeedError(error);
  }
  const sourceName = cut(job.sourceName, SOURCE_NAME_MAX);
  // The newest first; only as many are cleaned as the cap takes (sanitising is the costly step).
  const newestFirst = raws
    .map((raw) => ({ raw, at: boundedDate(raw.date, job.fetchedAt) }))
    .sort((x, y) => y.at - x.at);
  let batch: ReadyItem[] = [];
  let taken = 0;
  let skipped = 0;
  for (const { raw } of newestFirst) {
    const item = taken < MAX_ITEMS_PER_POLL ? prepare(raw, job.fetchedAt, sourceName) : null;
    if (!item) {
      skipped++;
      continue;
    }
    taken++;
    batch.push(item);
    if (batch.length === EMIT_EVERY) {
      emit(batch);
      batch = [];
    }
  }
  if (batch.length > 0) {
    emit(batch);
  }
  return { skipped };
}
