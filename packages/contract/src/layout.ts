import {
  ANALYSIS_MENU_COLLAPSED_ITEMS,
  ANALYSIS_MENU_TOGGLE_ABOVE,
  MIN_CARD_WIDTH_PX,
  MOBILE_BREAKPOINT_PX,
  NOTE_PANEL_WIDTH_PX,
} from './constants.ts';

/** A device is mobile when its window is narrower than 992 px (spec §4). */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

export type TGrid = { columns: number; pageSize: number };

/** A card grid page holds three rows, so a page fills the screen evenly. */
const GRID_ROWS_PER_PAGE = 3;
/** Mobile shows two narrow columns and loads six rows, since each row is short. */
const MOBILE_GRID: TGrid = { columns: 2, pageSize: 12 };
/** Columns by page width (spec §9, second reading), widest first. */
const GRID_STEPS: readonly { minWidth: number; columns: number }[] = [
  { minWidth: 1980, columns: 6 },
  { minWidth: 1680, columns: 5 },
  { minWidth: 1400, columns: 4 },
];
const NARROW_COLUMNS = 2;

/**
 * Card grid for a page width: >=1980 → 6 columns, 1680-1979 → 5, 1400-1679 → 4, <1400 → 2;
 * then columns are dropped while a card would be narrower than 274 px. A page is three rows.
 * Mobile is fixed at 2 columns and 12 items (cards there may be narrower than 274 px).
 */
export function gridForWidth(width: number, isMobile: boolean): TGrid {
  if (isMobile) {
    return MOBILE_GRID;
  }
  let columns = GRID_STEPS.find((step) => width >= step.minWidth)?.columns ?? NARROW_COLUMNS;
  while (columns > 1 && width / columns < MIN_CARD_WIDTH_PX) {
    columns -= 1;
  }
  return { columns, pageSize: columns * GRID_ROWS_PER_PAGE };
}

/** Waterfall (masonry) lists use 5 columns when the container is wider than this. */
export const WATERFALL_WIDE_ABOVE_PX = 1300;

/** Waterfall columns (spec §9, first reading): 2 on mobile, 5 above 1300 px, else 4. */
export function waterfallColumns(containerWidth: number, isMobile: boolean): number {
  if (isMobile) {
    return 2;
  }
  return containerWidth > WATERFALL_WIDE_ABOVE_PX ? 5 : 4;
}

/** Width the note side panel takes: none on mobile, its handle when collapsed. */
export function notePanelWidth(open: boolean, isMobile: boolean): number {
  if (isMobile) {
    return NOTE_PANEL_WIDTH_PX.mobile;
  }
  return open ? NOTE_PANEL_WIDTH_PX.open : NOTE_PANEL_WIDTH_PX.collapsed;
}

export type TSubmenuView = { visibleCount: number; showToggle: boolean };

/**
 * The analysis sub-menu: with more than 7 items it shows 6 and a toggle; with 7 or fewer it
 * shows them all, since a toggle that hides a single item saves nothing.
 */
export function analysisSubmenu(itemCount: number, expanded: boolean): TSubmenuView {
  if (itemCount <= ANALYSIS_MENU_TOGGLE_ABOVE) {
    return { visibleCount: itemCount, showToggle: false };
  }
  return { visibleCount: expanded ? itemCount : ANALYSIS_MENU_COLLAPSED_ITEMS, showToggle: true };
}
