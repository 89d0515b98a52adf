import type { TAdminBanner } from '@portal/contract';
import { BANNER_TEXT } from './bannerTexts.ts';

export type TBannerState = 'live' | 'disabled' | 'notStarted' | 'ended';

/** Why a banner is or is not on the home page now (the server's `live` is the same test). */
export function bannerState(
  b: Pick<TAdminBanner, 'enabled' | 'starts_at' | 'ends_at'>,
  now: number,
): TBannerState {
  if (b.enabled !== 1) {
    return 'disabled';
  }
  if (b.starts_at !== null && b.starts_at > now) {
    return 'notStarted';
  }
  if (b.ends_at !== null && b.ends_at <= now) {
    return 'ended';
  }
  return 'live';
}

export const BANNER_STATE_TAG: Record<TBannerState, { label: string; color: string }> = {
  live: { label: BANNER_TEXT.live, color: 'success' },
  disabled: { label: BANNER_TEXT.disabled, color: 'default' },
  notStarted: { label: BANNER_TEXT.notStarted, color: 'processing' },
  ended: { label: BANNER_TEXT.ended, color: 'warning' },
};
