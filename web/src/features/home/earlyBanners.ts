import type { TBanner } from '@portal/contract';
import { siteApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { getToken } from '../../api/cookies.ts';

let early: Promise<TBanner[]> | null = null;

/**
 * Asks for the home carousel's slides while the code is still loading (called from main.tsx on
 * /homepage with a session), instead of after the page chunk has arrived: the first slide is
 * the home page's largest paint. Nothing is notified from here; a failure is the query's.
 */
export function fetchBannersEarly(): void {
  if (early === null && getToken() !== null) {
    early = call(siteApi.banners, undefined, { notify: false });
    early.catch(() => undefined);
  }
}

/** The early request, handed over once (to the first query); null afterwards or when none ran. */
export function takeEarlyBanners(): Promise<TBanner[]> | null {
  const pending = early;
  early = null;
  return pending;
}
