import { lineJoiner } from '@portal/contract';
import './markTerms.css';

/** Marks added by `markTerms`, so a page drawn again starts clean. */
export const TERM_CLASS = 'pdf-term';

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

const ASCII_WORD = /^[a-z0-9]+$/;
const ASCII_CHAR = /[a-z0-9]/;

/** A Latin word or code matches whole (ai is not marked inside openai), as search matches it. */
function standsAlone(text: string, at: number, term: string): boolean {
  return (
    !ASCII_WORD.test(term) ||
    (!ASCII_CHAR.test(text[at - 1] ?? '') && !ASCII_CHAR.test(text[at + term.length] ?? ''))
  );
}

/** Where a character of the page's joined text comes from: a text node and an offset in it. */
type Origin = { node: Text; offset: number } | null;

/**
 * The layer's text as the server assembled the page for search (ingest/page-text.ts): the runs
 * of a line joined as they are, a line end (pdf.js's `<br>`) trimmed and joined to the next line
 * by `lineJoiner` — so 新能源 | 汽车 across a line break reads 新能源汽车, as search read it. Text
 * already marked, and text whose folding changes its length, is a barrier ('\n'). Each
 * character keeps where it came from.
 */
function joinRuns(layer: HTMLElement): { text: string; origins: Origin[] } {
  const walker = layer.ownerDocument.createTreeWalker(layer, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const chars: string[] = [];
  const origins: Origin[] = [];
  const barrier = () => {
    chars.push('\n');
    origins.push(null);
  };
  let lineEnded = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      if ((node as Element).tagName === 'BR') {
        while (/\s/.test(chars.at(-1) ?? '') && chars.at(-1) !== '\n') {
          chars.pop();
          origins.pop();
        }
        lineEnded = true;
      }
      continue;
    }
    const data = (node as Text).data;
    const folded = fold(data);
    if ((node.parentElement?.classList.contains(TERM_CLASS) ?? false) || folded.length !== data.length) {
      barrier();
      continue;
    }
    let from = 0;
    if (lineEnded) {
      while (from < folded.length && /\s/.test(folded[from] ?? '')) {
        from++;
      }
      if (from === folded.length) {
        continue;
      }
      const before = chars.at(-1) ?? '\n';
      if (before !== '\n' && lineJoiner(before, folded[from] ?? '') === ' ') {
        chars.push(' ');
        origins.push(null);
      }
      lineEnded = false;
    }
    for (let i = from; i < folded.length; i++) {
      chars.push(folded[i] ?? '');
      origins.push({ node: node as Text, offset: i });
    }
  }
  return { text: chars.join(''), origins };
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
 * Marks each occurrence of `terms` in a pdf.js text layer (issue 19: a search hit opens the
 * reader at its page with the words marked). The layer's text runs are searched as one text,
 * joined as the server joined the page's lines for search, so a word that a line break cut in
 * two (新能源 | 汽车) is found as search found it and marked in both runs. Matches are wrapped in
 * `<mark>`, which sits inline inside the positioned span, so the mark covers exactly the glyphs
 * under it at any zoom. Latin is matched case-insensitively and whole. Returns how many
 * occurrences were marked.
 */
export function markTerms(layer: HTMLElement, terms: readonly string[]): number {
  const wanted = [...new Set(terms.map(fold).filter((t) => t !== ''))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) {
    return 0;
  }
  const { text, origins } = joinRuns(layer);
  const byNode = new Map<Text, [number, number][]>();
  let found = 0;
  for (let at = 0; at < text.length;) {
    const term = wanted.find((t) => text.startsWith(t, at) && standsAlone(text, at, t));
    if (!term) {
      at++;
      continue;
    }
    // The match's characters, node by node (a line break may part it between two runs).
    for (let i = at; i < at + term.length; i++) {
      const origin = origins[i];
      if (!origin) {
        continue;
      }
      const ranges = byNode.get(origin.node) ?? [];
      const last = ranges.at(-1);
      if (last && last[1] === origin.offset) {
        last[1]++;
      } else {
        ranges.push([origin.offset, origin.offset + 1]);
      }
      byNode.set(origin.node, ranges);
    }
    found++;
    at += term.length;
  }
  for (const [node, ranges] of byNode) {
    wrap(node, ranges);
  }
  return found;
}
