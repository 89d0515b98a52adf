import { termRanges } from './rules/term-ranges.ts';

/**
 * A run of a report page's text and the box it is drawn in, as fractions of the page's width and
 * height from its top-left corner; `eol` when a line ends after it. The phone reader, which shows
 * page images rather than pdf.js's text layer, marks a search hit's words with these (issue 19).
 */
export type TLayoutRun = { s: string; x: number; y: number; w: number; h: number; eol?: true };

/** A page's text layout: its runs in reading order (GET /files/<report>/pages/0001.json). */
export type TPageLayout = { runs: TLayoutRun[] };

const isRun = (value: unknown): value is TLayoutRun => {
  const run = value as Partial<Record<keyof TLayoutRun, unknown>> | null;
  return (
    typeof run?.s === 'string' &&
    [run.x, run.y, run.w, run.h].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (run.eol === undefined || run.eol === true)
  );
};

/**
 * A page layout as fetched, or null when it is not one. Checked by hand: the phone reader's code
 * would otherwise carry a schema library for this one shape.
 */
export function parsePageLayout(value: unknown): TPageLayout | null {
  const runs = (value as { runs?: unknown } | null)?.runs;
  return Array.isArray(runs) && runs.every(isRun) ? { runs } : null;
}

/**
 * Every page's layout in page order (GET /files/<report>/pages/layouts.json, the report's
 * `pdf_layouts`): what 在报告中查找 on a phone reads in one request instead of one per page.
 */
export type TPageLayouts = { pages: TPageLayout[] };

/** All of a report's page layouts as fetched, or null when any of them is not one. */
export function parsePageLayouts(value: unknown): TPageLayouts | null {
  const pages = (value as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(pages)) {
    return null;
  }
  const parsed = pages.map(parsePageLayout);
  return parsed.every((page) => page !== null) ? { pages: parsed } : null;
}

/** A box on the page, in fractions of its width and height from the top-left corner. */
export type TPageBox = { x: number; y: number; w: number; h: number };

// A full-width character (Han, kana, full-width forms) is about twice as wide as a Latin one.
const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
const advance = (ch: string) => (WIDE.test(ch) ? 1 : 0.55);

/** Where characters [start, end) of a run sit: its box cut by the characters' widths before and in them. */
function partOf(run: TLayoutRun, start: number, end: number): TPageBox {
  const chars = [...run.s];
  // Offsets count UTF-16 units; a character outside the BMP counts once, at its first unit.
  let total = 0;
  let before = 0;
  let inside = 0;
  let unit = 0;
  for (const ch of chars) {
    const a = advance(ch);
    total += a;
    if (unit < start) {
      before += a;
    } else if (unit < end) {
      inside += a;
    }
    unit += ch.length;
  }
  const scale = total > 0 ? run.w / total : 0;
  return { x: run.x + before * scale, y: run.y, w: inside * scale, h: run.h };
}

/** The boxes to mark on a page image for `terms`: the same occurrences the desktop reader marks. */
export function termBoxes(layout: TPageLayout, terms: readonly string[]): TPageBox[] {
  const { ranges } = termRanges(
    layout.runs.map((run) => ({ text: run.s, eol: run.eol === true })),
    terms,
  );
  return ranges.flatMap(({ run, start, end }) => {
    const found = layout.runs[run];
    return found ? [partOf(found, start, end)] : [];
  });
}
