import { useSyncExternalStore } from 'react';
import { isMobileWidth } from '@portal/contract';
import { subscribeToViewportWidth, viewportWidthNow } from './useViewportWidth.ts';
import { firstRenderIsMobile } from './viewportHint.ts';

const isMobileNow = () => isMobileWidth(viewportWidthNow());

/** True while the window is narrower than 992 px (spec §4 "A device is mobile when …"). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeToViewportWidth, isMobileNow, firstRenderIsMobile);
}
