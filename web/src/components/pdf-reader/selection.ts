import type { THighlightAnchor, THighlightColor, THighlightRect } from '@portal/contract';
import { HIGHLIGHT_RECTS_MAX } from '@portal/contract';

/** A highlight as a page draws it. */
export type TPageMark = {
  id: number;
  page: number;
  color: THighlightColor;
  rects: readonly THighlightRect[];
  title: string;
};

/** Text selected on one page of the reader: what a highlight stores. */
export type TPdfSelection = { page: number; quote: string; anchor: THighlightAnchor };

const QUOTE_MAX = 2_000;

/** Characters of `layer`'s text before `node` + `offset` (the text layer's spans, in order). */
function textOffset(layer: Element, node: Node, offset: number): number {
  const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  let count = 0;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text === node) {
      return count + offset;
    }
    if (node.nodeType !== Node.TEXT_NODE && node.contains(text)) {
      // A boundary inside an element: `offset` counts its children, not characters.
      return count;
    }
    count += text.textContent?.length ?? 0;
  }
  return count;
}

/** Drops boxes inside another box: a selection reports a span's box and its text's box both. */
function withoutNested(rects: THighlightRect[]): THighlightRect[] {
  const eps = 0.002;
  return rects.filter(
    ([x, y, w, h], i) =>
      !rects.some(
        ([ox, oy, ow, oh], j) =>
          j !== i &&
          ox - eps <= x &&
          oy - eps <= y &&
          ox + ow + eps >= x + w &&
          oy + oh + eps >= y + h &&
          // Of two equal boxes keep the first.
          (ow * oh > w * h + 1e-9 || j < i),
      ),
  );
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The selection `range` as a highlight of one page, or null when it is empty or spans pages.
 * Boxes are fractions of the page box, so they redraw at any zoom.
 */
export function selectionOnPage(range: Range): TPdfSelection | null {
  const start = range.startContainer.parentElement?.closest('.pdf-page__text');
  const end = range.endContainer.parentElement?.closest('.pdf-page__text');
  const box = start?.closest<HTMLElement>('[data-page-box]');
  const quote = range.toString().replace(/\s+/g, ' ').trim().slice(0, QUOTE_MAX);
  if (!start || start !== end || !box || quote === '') {
    return null;
  }
  const frame = box.getBoundingClientRect();
  if (frame.width === 0 || frame.height === 0) {
    return null;
  }
  const rects = withoutNested(
    [...range.getClientRects()]
      .filter((r) => r.width >= 1 && r.height >= 1)
      .map((r): THighlightRect => {
        const x = clamp((r.left - frame.left) / frame.width);
        const y = clamp((r.top - frame.top) / frame.height);
        const right = clamp((r.right - frame.left) / frame.width);
        const bottom = clamp((r.bottom - frame.top) / frame.height);
        return [round(x), round(y), round(right - x), round(bottom - y)];
      })
      .filter(([, , w, h]) => w > 0 && h > 0),
  ).slice(0, HIGHLIGHT_RECTS_MAX);
  const from = textOffset(start, range.startContainer, range.startOffset);
  const to = textOffset(start, range.endContainer, range.endOffset);
  if (rects.length === 0 || to <= from) {
    return null;
  }
  return { page: Number(box.dataset.pageBox), quote, anchor: { start: from, end: to, rects } };
}
