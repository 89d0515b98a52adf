import { lineJoiner } from '@portal/contract';
/** The fields of a pdf.js `TextItem` that text assembly needs (marked-content items lack `str`). */
export type PositionedText = { str: string; hasEOL: boolean; transform: readonly number[]; height: number };

type Line = { text: string; y: number; size: number };

/**
 * Turns one page's pdf.js text items into plain text: one line per paragraph. pdf.js ends each
 * laid-out line with `hasEOL`; a line that continues the one above (same font size, normal
 * line spacing) is joined to it — without a space when either side is Chinese, because a
 * space inside 宁德|时代 would split the word for search — and anything else starts a new line.
 */
export function pageText(items: readonly unknown[]): string {
  const lines = toLines(items.filter(isPositionedText));
  const paragraphs: Line[] = [];
  for (const line of lines) {
    const previous = paragraphs.at(-1);
    if (previous && continues(previous, line)) {
      previous.text += lineJoiner(previous.text, line.text) + line.text;
      previous.y = line.y;
    } else {
      paragraphs.push({ ...line });
    }
  }
  return paragraphs.map((paragraph) => paragraph.text).join('\n');
}

function isPositionedText(item: unknown): item is PositionedText {
  return typeof item === 'object' && item !== null && typeof (item as { str?: unknown }).str === 'string';
}

function toLines(items: PositionedText[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    if (item.str !== '') {
      const y = item.transform[5] ?? 0;
      const size = Math.abs(item.transform[3] ?? 0) || item.height;
      // pdf.js marks most line ends, but a jump to another baseline is a line end too.
      if (current && Math.abs(current.y - y) > Math.max(current.size, size) * 0.5) {
        lines.push(current);
        current = null;
      }
      if (current) {
        current.text += item.str;
      } else {
        current = { text: item.str, y, size };
      }
    }
    if (item.hasEOL && current) {
      lines.push(current);
      current = null;
    }
  }
  if (current) {
    lines.push(current);
  }
  return lines
    .map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text !== '');
}

function continues(previous: Line, line: Line): boolean {
  const step = previous.y - line.y;
  return Math.abs(previous.size - line.size) < 0.6 && step > 0 && step < previous.size * 2.2;
}
