import { useSyncExternalStore } from 'react';
import { firstRenderWidth } from './viewportHint.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const widthNow = () => window.innerWidth;

/** The window's width, kept current on resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, widthNow, firstRenderWidth);
}
