import { termRanges, type TTextRun } from '@portal/contract';
import './markTerms.css';

/** Marks added by `markTerms`, so a page drawn again starts clean. */
export const TERM_CLASS = 'pdf-term';

/**
 * The text layer's runs in reading order: a text node each (pdf.js puts a line's end after it as
 * a `<br>`); text already marked is a barrier, so nothing is marked twice.
 */
function layerRuns(layer: HTMLElement): { runs: TTextRun[]; nodes: (Text | null)[] } {
  const walker = layer.ownerDocument.createTreeWalker(layer, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const runs: TTextRun[] = [];
  const nodes: (Text | null)[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const last = runs.at(-1);
      if ((node as Element).tagName === 'BR' && last) {
        last.eol = true;
      }
    } else if (node.parentElement?.classList.contains(TERM_CLASS) ?? false) {
      runs.push(null);
      nodes.push(null);
    } else {
      runs.push({ text: (node as Text).data, eol: false });
      nodes.push(node as Text);
    }
  }
  return { runs, nodes };
}

/** Wraps the given [start, end) ranges of one text node in marks. */
function wrap(node: Text, ranges: readonly [number, number][]): void {
  const doc = node.ownerDocument;
  const text = node.data;
  const parts = doc.createDocumentFragment();
  let last = 0;
  for (const [start, end] of ranges) {
    if (start > last) {
      parts.append(text.slice(last, start));
    }
    const mark = doc.createElement('mark');
    mark.className = TERM_CLASS;
    mark.textContent = text.slice(start, end);
    parts.append(mark);
    last = end;
  }
  if (last < text.length) {
    parts.append(text.slice(last));
  }
  node.replaceWith(parts);
}

/**
 * Marks each occurrence of `terms` in a pdf.js text layer, where search found them (contract
 * `termRanges`: Latin whole and case-insensitive, a word a line break parted marked in both
 * lines). Matches are wrapped in `<mark>`, which sits inline inside the positioned span, so the
 * mark covers exactly the glyphs under it at any zoom. Returns how many occurrences were marked.
 */
export function markTerms(layer: HTMLElement, terms: readonly string[]): number {
  const { runs, nodes } = layerRuns(layer);
  const { found, ranges } = termRanges(runs, terms);
  const byNode = new Map<Text, [number, number][]>();
  for (const { run, start, end } of ranges) {
    const node = nodes[run];
    if (node) {
      byNode.set(node, [...(byNode.get(node) ?? []), [start, end]]);
    }
  }
  for (const [node, list] of byNode) {
    wrap(node, list);
  }
  return found;
}
