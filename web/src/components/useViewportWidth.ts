import { useSyncExternalStore } from 'react';
import { firstRenderWidth } from './viewportHint.ts';

/**
 * The window's width, read once when this module loads and again on each resize only. Reading
 * `window.innerWidth` lays the page out when it has changed since the last layout, and React
 * asks a store for its value in every render and again after each commit: read there, the
 * width forced a layout in the middle of React's work (~120 ms of a 345 ms task at 4× CPU
 * slowdown on a topic page, right after hydration).
 */
let width = typeof window === 'undefined' ? 0 : window.innerWidth;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => {
    width = window.innerWidth;
    for (const listener of listeners) {
      listener();
    }
  });
}

export function subscribeToViewportWidth(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The width as of the last resize (no layout). */
export const viewportWidthNow = (): number => width;

/**
 * What a component draws from the window's width (`select`: a column count, a breakpoint), kept
 * current on resize. The component renders again only when that value changes: right after
 * hydration the real width replaces the one the page was rendered for (a phone of 412 px served
 * as 390), and React re-renders every subscriber whose value differs synchronously, in one task.
 */
export function useViewportSelect<T extends number | string | boolean>(select: (width: number) => T): T {
  return useSyncExternalStore(
    subscribeToViewportWidth,
    () => select(viewportWidthNow()),
    () => select(firstRenderWidth()),
  );
}
