import { isMobileWidth } from '@portal/contract';
import { useViewportSelect } from './useViewportWidth.ts';

/** True while the window is narrower than 992 px (spec §4 "A device is mobile when …"). */
export function useIsMobile(): boolean {
  return useViewportSelect(isMobileWidth);
}
