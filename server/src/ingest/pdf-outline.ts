import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One entry of a PDF's outline (bookmarks): its title, 1-based page and depth (1 = top). */
export type OutlineEntry = { title: string; page: number; level: number };

/** Entries kept, and how deep: a table of contents, not every bookmark of a 2,000-page PDF. */
const MAX_ENTRIES = 200;
const MAX_LEVEL = 3;

type OutlineNode = { title: string; dest: string | unknown[] | null; items: OutlineNode[] };

/**
 * The PDF's outline with each destination resolved to a page number, depth first, in reading
 * order. Entries whose destination is missing or broken (an external link, a named
 * destination that is not there) are left out; their children are kept. A PDF without an
 * outline, or whose outline cannot be read, has none: the outline is optional, never a reason
 * to refuse the file.
 */
export async function readOutline(document: PDFDocumentProxy): Promise<OutlineEntry[]> {
  let outline: OutlineNode[] | null;
  try {
    outline = (await document.getOutline()) as OutlineNode[] | null;
  } catch {
    return [];
  }
  const out: OutlineEntry[] = [];
  const walk = async (nodes: readonly OutlineNode[], level: number): Promise<void> => {
    for (const node of nodes) {
      if (out.length >= MAX_ENTRIES) {
        return;
      }
      const page = await pageOf(document, node.dest);
      const title = node.title.replace(/\s+/g, ' ').trim();
      if (page !== null && title !== '') {
        out.push({ title, page, level });
      }
      if (level < MAX_LEVEL && node.items.length > 0) {
        await walk(node.items, level + 1);
      }
    }
  };
  await walk(outline ?? [], 1);
  return out;
}

async function pageOf(document: PDFDocumentProxy, dest: OutlineNode['dest']): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await document.getDestination(dest) : dest;
    const ref = explicit?.[0];
    if (ref === undefined || ref === null) {
      return null;
    }
    // A destination names its page by reference, or (rarely) by 0-based index.
    const index =
      typeof ref === 'number'
        ? ref
        : await document.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0]);
    return index >= 0 && index < document.numPages ? index + 1 : null;
  } catch {
    return null;
  }
}
