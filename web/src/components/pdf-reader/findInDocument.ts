import { termRanges, type TTextRun } from '@portal/contract';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** A page that shows the words, and how many times. */
export type TFoundPage = { page: number; count: number };

/** A page's text as runs the way the text layer lays it out (an empty item that ends a line ends the run before it). */
export function runsOfItems(items: readonly unknown[]): TTextRun[] {
  const runs: TTextRun[] = [];
  for (const item of items) {
    const { str, hasEOL } = item as { str?: unknown; hasEOL?: unknown };
    if (typeof str !== 'string') {
      continue;
    }
    if (str !== '') {
      runs.push({ text: str, eol: false });
    }
    const last = runs.at(-1);
    if (hasEOL === true && last) {
      last.eol = true;
    }
  }
  return runs;
}

/**
 * The pages of `doc` that show `terms` (in reading order), counted with the rule the marks use
 * (contract `termRanges`), so every page found has its words marked when it is shown. Pages'
 * texts are read once per document and kept in `cache`. Stops early when `signal` aborts.
 */
export async function findInDocument(
  doc: PDFDocumentProxy,
  terms: readonly string[],
  cache: Map<number, TTextRun[]>,
  signal: AbortSignal,
): Promise<TFoundPage[]> {
  const found: TFoundPage[] = [];
  for (let page = 1; page <= doc.numPages && !signal.aborted; page++) {
    let runs = cache.get(page);
    if (!runs) {
      const content = await (await doc.getPage(page)).getTextContent();
      runs = runsOfItems(content.items);
      cache.set(page, runs);
    }
    const { found: count } = termRanges(runs, terms);
    if (count > 0) {
      found.push({ page, count });
    }
  }
  return found;
}
