import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * Highlights and page-anchored notes (issue 21). A highlight marks a passage of one PDF page:
 * `start`/`end` are offsets into the page's text (pdf.js text items joined in order), `rects`
 * are the selection's boxes as fractions of the page's width and height, so they redraw at any
 * zoom without measuring text again.
 */
export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type THighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** Longest report the reader anchors to, and the most boxes one selection keeps. */
export const NOTE_PAGE_MAX = 10_000;
export const HIGHLIGHT_RECTS_MAX = 200;
const OFFSET_MAX = 1_000_000;

const fraction = z.number({ error: MSG.badRequest }).min(0, { error: MSG.badRequest }).max(1, {
  error: MSG.badRequest,
});

/** `[x, y, width, height]`, each a fraction of the page. */
export const ZHighlightRect = z.tuple([fraction, fraction, fraction, fraction], { error: MSG.badRequest });
export type THighlightRect = z.infer<typeof ZHighlightRect>;

const offset = z
  .number({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(0, { error: MSG.badRequest })
  .max(OFFSET_MAX, { error: MSG.badRequest });

export const ZHighlightAnchor = z
  .object({
    start: offset,
    end: offset,
    rects: z
      .array(ZHighlightRect, { error: MSG.badRequest })
      .min(1, { error: MSG.badRequest })
      .max(HIGHLIGHT_RECTS_MAX, { error: MSG.badRequest }),
  })
  .refine((a) => a.end > a.start, { error: MSG.badRequest, path: ['end'] });
export type THighlightAnchor = z.infer<typeof ZHighlightAnchor>;

export const ZNoteHighlight = z.object({
  color: z.enum(HIGHLIGHT_COLORS, { error: MSG.badRequest }),
  /** The marked text as the reader saw it (shown in the note lists). */
  quote: z
    .string({ error: MSG.badRequest })
    .trim()
    .min(1, { error: MSG.badRequest })
    .max(2_000, { error: MSG.badRequest }),
  anchor: ZHighlightAnchor,
});
export type TNoteHighlight = z.infer<typeof ZNoteHighlight>;

/** A 1-based page of the item's document. */
export const notePageField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(1, { error: MSG.badRequest })
  .max(NOTE_PAGE_MAX, { error: MSG.badRequest });

/**
 * The page a `?page=N` link asks for, clamped to the document (a page beyond the last is the
 * last); null when the link names no page or not a number.
 */
export function requestedPage(raw: string | null | undefined, pageCount: number): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw.trim())) {
    return null;
  }
  const page = Number(raw.trim());
  return Math.min(Math.max(1, page), Math.max(1, pageCount));
}
