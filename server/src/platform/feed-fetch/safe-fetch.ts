import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { bare, isBlockedAddress, type AllowHosts } from './address-policy.ts';
import { FeedFetchError, FETCH_TEXT } from './feed-fetch-error.ts';

export type SafeFetchOptions = {
  allowHosts: AllowHosts;
  /** The whole fetch, every redirect and the body included (default 15 s). */
  timeoutMs?: number;
  /** Body bytes after decompression (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed, each re-checked (default 3). */
  maxRedirects?: number;
  /** Validators of the last 200: a 304 answer reads nothing. */
  etag?: string | null;
  lastModified?: string | null;
  /** Name resolution (tests may pin names); default the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
};

export type SafeFetchResult =
  | { notModified: true; url: string }
  | {
      notModified: false;
      url: string;
      body: Buffer;
      contentType: string;
      etag: string | null;
      lastModified: string | null;
    };

export const FEED_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;
const USER_AGENT = 'InsightPortal-FeedFetcher/1.0 (+feeds)';

const systemResolve = async (host: string) => (await dnsLookup(host, { all: true })).map((a) => a.address);

/**
 * The one address a request to `url` may connect to. The name is resolved once here, every
 * address is checked against the SSRF rule, and the caller pins the connection to the address
 * returned, so a second DNS answer (rebinding) is never consulted. Also used when a source is
 * saved, so a refused address is never stored.
 */
export async function checkedAddress(
  url: URL,
  allowHosts: AllowHosts,
  resolve: (host: string) => Promise<string[]> = systemResolve,
): Promise<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError(FETCH_TEXT.badScheme, 'refused');
  }
  const host = bare(url.hostname);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new FeedFetchError(FETCH_TEXT.dnsFailed, 'network');
    }
  }
  const [first] = addresses;
  if (first === undefined) {
    throw new FeedFetchError(FETCH_TEXT.dnsFailed, 'network');
  }
  const allowed = allowHosts.has(host) || addresses.every((a) => allowHosts.has(bare(a)));
  if (!allowed && addresses.some(isBlockedAddress)) {
    throw new FeedFetchError(FETCH_TEXT.refused, 'refused');
  }
  return first;
}

/** A lookup that always answers the checked address (no second resolution). */
function pinned(address: string): LookupFunction {
  const family = isIP(address);
  return (_host, options, callback) => {
    if (options.all) {
      callback(null, [{ address, family }]);
    } else {
      callback(null, address, family);
    }
  };
}

function decoded(res: IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

/**
 * GETs a feed the safe way: http(s) only, each hop's address checked and pinned, redirects
 * followed by hand (each re-checked), one deadline for everything, the body counted while it
 * streams and cut at the cap, and a conditional GET from the stored validators.
 */
export async function safeFetch(start: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? FEED_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseUrl(start);
    for (let hop = 0; ; hop++) {
      const address = await checkedAddress(url, options.allowHosts, options.resolve);
      if (controller.signal.aborted) {
        throw new FeedFetchError(FETCH_TEXT.timeout, 'timeout');
      }
      const res = await request(url, address, options, controller.signal);
      const status = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        res.resume();
        const location = res.headers.location;
        if (hop >= maxRedirects) {
          throw new FeedFetchError(FETCH_TEXT.tooManyRedirects, 'redirects');
        }
        if (!location) {
          throw new FeedFetchError(FETCH_TEXT.badRedirect, 'http');
        }
        url = parseUrl(location, url);
        continue;
      }
      if (status === 304) {
        res.resume();
        return { notModified: true, url: url.href };
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new FeedFetchError(FETCH_TEXT.httpStatus(status), 'http');
      }
      const body = await readCapped(res, maxBytes, controller.signal);
      return {
        notModified: false,
        url: url.href,
        body,
        contentType: String(res.headers['content-type'] ?? ''),
        etag: headerText(res.headers.etag),
        lastModified: headerText(res.headers['last-modified']),
      };
    }
  } catch (error) {
    if (error instanceof FeedFetchError) {
      throw error;
    }
    if (controller.signal.aborted) {
      throw new FeedFetchError(FETCH_TEXT.timeout, 'timeout');
    }
    throw new FeedFetchError(FETCH_TEXT.connectFailed, 'network');
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new FeedFetchError(base ? FETCH_TEXT.badRedirect : FETCH_TEXT.badUrl, 'http');
  }
}

const headerText = (value: string | string[] | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function request(url: URL, address: string, options: SafeFetchOptions, signal: AbortSignal) {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) {
    headers['if-none-match'] = options.etag;
  }
  if (options.lastModified) {
    headers['if-modified-since'] = options.lastModified;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolvePromise, reject) => {
    const req = client.get(url, { headers, lookup: pinned(address), signal, agent: false }, resolvePromise);
    req.on('error', reject);
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes && !res.headers['content-encoding']) {
    res.destroy();
    throw new FeedFetchError(FETCH_TEXT.tooLarge(Math.round(maxBytes / 1024 / 1024)), 'too_large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = decoded(res);
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > maxBytes) {
        throw new FeedFetchError(FETCH_TEXT.tooLarge(Math.round(maxBytes / 1024 / 1024)), 'too_large');
      }
      chunks.push(buf);
    }
  } catch (error) {
    res.destroy();
    if (error instanceof FeedFetchError) {
      throw error;
    }
    throw new FeedFetchError(signal.aborted ? FETCH_TEXT.timeout : FETCH_TEXT.connectFailed, 'network');
  }
  return Buffer.concat(chunks);
}
