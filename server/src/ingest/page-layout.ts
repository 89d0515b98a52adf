import type { TLayoutRun, TPageLayout } from '@portal/contract';
import type { PositionedText } from './page-text.ts';

/** pdf.js's page viewport at scale 1: its size and the transform from PDF space to it. */
export type LayoutViewport = { width: number; height: number; transform: readonly number[] };

type TextItem = PositionedText & { width: number };

/** Where a glyph's top sits above its baseline, as a share of the font size (pdf.js's default ascent). */
const ASCENT = 0.8;
/** Fractions are kept to 4 decimals: a tenth of a pixel on a 1,000 px page image. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

function isTextItem(item: unknown): item is TextItem {
  const i = item as Partial<TextItem> | null;
  return typeof i?.str === 'string' && Array.isArray(i.transform) && typeof i.width === 'number';
}

/** m1 × m2 for PDF transforms [a, b, c, d, e, f]. */
function multiply(m1: readonly number[], m2: readonly number[]): number[] {
  const [a1 = 0, b1 = 0, c1 = 0, d1 = 0, e1 = 0, f1 = 0] = m1;
  const [a2 = 0, b2 = 0, c2 = 0, d2 = 0, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

/**
 * A page's text runs with the boxes they are drawn in (contract `TPageLayout`), from pdf.js's
 * text items: what the phone reader marks a search hit's words on the page image with. A line
 * ends where pdf.js says (`hasEOL`, often an empty item) or where the baseline moves, as
 * page-text.ts reads lines. Rotated text is kept out of the boxes (its run is left out).
 */
export function pageLayout(items: readonly unknown[], viewport: LayoutViewport): TPageLayout {
  const runs: TLayoutRun[] = [];
  let baseline: number | null = null;
  const endLine = () => {
    const last = runs.at(-1);
    if (last) {
      last.eol = true;
    }
  };
  for (const item of items) {
    if (!isTextItem(item)) {
      continue;
    }
    if (item.str !== '') {
      const [a = 0, b = 0, c = 0, d = 0, left = 0, y = 0] = multiply(viewport.transform, item.transform);
      const size = Math.hypot(c, d);
      if (baseline !== null && Math.abs(baseline - y) > size * 0.5) {
        endLine();
      }
      baseline = y;
      if (Math.abs(b) < 1e-6 && a > 0 && size > 0) {
        runs.push({
          s: item.str,
          x: round(left / viewport.width),
          y: round((y - size * ASCENT) / viewport.height),
          w: round(item.width / viewport.width),
          h: round(size / viewport.height),
        });
      }
    }
    if (item.hasEOL) {
      endLine();
      baseline = null;
    }
  }
  return { runs };
}
