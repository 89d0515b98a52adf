import { termRanges, type TTextRun } from '@portal/contract';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { TFindPages, TFoundPage } from '../find/FindBox.tsx';

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
 * 在报告中查找 over a pdf.js document: the pages that show the words (in page order), counted
 * with the rule the marks use (contract `termRanges`), so every page found has its words marked
 * when it is shown. Each page's text is read once and kept for the next search.
 */
export function findInDocument(doc: PDFDocumentProxy): TFindPages {
  const cache = new Map<number, TTextRun[]>();
  return async (terms, signal) => {
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
  };
}
