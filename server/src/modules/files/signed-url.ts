import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { fileAccessOf } from './file-access.ts';

const FILES_PATH = '/files/';
/** A signed URL works for at least this long after it was handed out (a long read in pdf.js). */
export const SIGNED_URL_MIN_SECONDS = 2 * 3600;
/**
 * Expiry is rounded up to a whole bucket, so every reply within the same hour hands out the
 * same URL: the browser's cache and pdf.js's range requests keep hitting one address.
 */
export const SIGNED_URL_BUCKET_SECONDS = 3600;
/** Separates these MACs from the other things APP_SECRET signs (unsubscribe tokens). */
const PURPOSE = 'portal-file';
const SIG = /^[A-Za-z0-9_-]{43}$/;
const EXP = /^[0-9]{1,12}$/;
/** Signed URLs kept per hour; beyond this many the memo starts over (memory stays bounded). */
const MEMO_MAX = 50_000;

export type SignatureCheck =
  { ok: true; expiresAt: number } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export type FileUrls = ReturnType<typeof createFileUrls>;

/** A `/files/<key>?…` URL without its query (what the database keeps and compares). */
export function unsignedFileUrl(url: string): string {
  if (!url.startsWith(FILES_PATH)) {
    return url;
  }
  const query = url.search(/[?#]/);
  return query < 0 ? url : url.slice(0, query);
}

/**
 * File URLs for replies. A private file's URL carries `exp` (unix seconds) and `sig`, an HMAC of
 * key and expiry with the app secret; it is handed out only after the caller's permission check
 * (detail, own avatar, own or admin's screenshots), and works for anyone holding it until `exp`,
 * like any capability link. It names no user, so one URL serves every allowed user alike.
 */
export function createFileUrls({ secret, clock }: { secret: string; clock: Clock }) {
  const mac = (key: string, exp: number): string =>
    createHmac('sha256', secret).update(`${PURPOSE}\n${key}\n${exp}`).digest('base64url');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // A report's detail signs every page image; within an hour the URLs are the same, so each is
  // computed once per hour (an HMAC is ~2 µs, 30 pages a read would cost a detail read's time).
  let memoExp = 0;
  const memo = new Map<string, string>();

  const urls = {
    /** '' for no file; `/files/<key>` for a public key; a signed URL for any other. */
    forKey(key: string): string {
      if (key === '') {
        return '';
      }
      if (fileAccessOf(key) === 'public') {
        return `${FILES_PATH}${key}`;
      }
      const exp =
        Math.ceil((nowSeconds() + SIGNED_URL_MIN_SECONDS) / SIGNED_URL_BUCKET_SECONDS) *
        SIGNED_URL_BUCKET_SECONDS;
      if (exp !== memoExp || memo.size >= MEMO_MAX) {
        memo.clear();
        memoExp = exp;
      }
      let url = memo.get(key);
      if (url === undefined) {
        url = `${FILES_PATH}${key}?exp=${exp}&sig=${mac(key, exp)}`;
        memo.set(key, url);
      }
      return url;
    },

    /** A stored URL: our `/files/<key>` (signed or not) is signed afresh; outside URLs are kept. */
    forUrl(url: string): string {
      if (!url.startsWith(FILES_PATH)) {
        return url;
      }
      return urls.forKey(unsignedFileUrl(url).slice(FILES_PATH.length));
    },

    /** Checks a request's `exp` and `sig` for `key` (in constant time). */
    check(key: string, query: { exp?: unknown; sig?: unknown }): SignatureCheck {
      const { exp, sig } = query;
      if (exp === undefined && sig === undefined) {
        return { ok: false, reason: 'missing' };
      }
      if (typeof exp !== 'string' || typeof sig !== 'string' || !EXP.test(exp) || !SIG.test(sig)) {
        return { ok: false, reason: 'invalid' };
      }
      const expected = Buffer.from(mac(key, Number(exp)));
      if (!timingSafeEqual(expected, Buffer.from(sig))) {
        return { ok: false, reason: 'invalid' };
      }
      const expiresAt = Number(exp);
      return expiresAt > nowSeconds() ? { ok: true, expiresAt } : { ok: false, reason: 'expired' };
    },

    /** Seconds until `expiresAt` (for the reply's max-age). */
    secondsLeft(expiresAt: number): number {
      return Math.max(0, expiresAt - nowSeconds());
    },
  };
  return urls;
}
