import { useSyncExternalStore } from 'react';
import { firstRenderIsMobile } from './viewportHint.ts';
import { isMobileWidth } from '@portal/contract';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const isMobileNow = () => isMobileWidth(window.innerWidth);

/** True while the window is narrower than 992 px (spec §4 "A device is mobile when …"). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, firstRenderIsMobile);
}
