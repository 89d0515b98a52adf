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

/**
 * Marks each occurrence of `terms` in a pdf.js text layer (issue 19: a search hit opens the
 * reader at its page with the words marked). Every text node is searched on its own and the
 * matches are wrapped in `<mark>`, which sits inline inside the positioned span, so the mark
 * covers exactly the glyphs under it at any zoom. Latin is matched case-insensitively and whole; a word
 * split across two text runs (a line break inside it) is not marked. Returns how many marks.
 */
export function markTerms(layer: HTMLElement, terms: readonly string[]): number {
  const wanted = [...new Set(terms.map(fold).filter((t) => t !== ''))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) {
    return 0;
  }
  const walker = layer.ownerDocument.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.parentElement?.classList.contains(TERM_CLASS) ?? false)) {
      nodes.push(node as Text);
    }
  }
  let marks = 0;
  for (const node of nodes) {
    const text = node.data;
    // Folding keeps the length of CJK and ASCII text; other text is matched only when it does too.
    const folded = fold(text);
    if (folded.length !== text.length) {
      continue;
    }
    const ranges: [number, number][] = [];
    for (let at = 0; at < folded.length;) {
      const term = wanted.find((t) => folded.startsWith(t, at) && standsAlone(folded, at, t));
      if (term) {
        ranges.push([at, at + term.length]);
        at += term.length;
      } else {
        at++;
      }
    }
    if (ranges.length === 0) {
      continue;
    }
    const parts = layer.ownerDocument.createDocumentFragment();
    let last = 0;
    for (const [start, end] of ranges) {
      if (start > last) {
        parts.append(text.slice(last, start));
      }
      const mark = layer.ownerDocument.createElement('mark');
      mark.className = TERM_CLASS;
      mark.textContent = text.slice(start, end);
      parts.append(mark);
      last = end;
      marks++;
    }
    if (last < text.length) {
      parts.append(text.slice(last));
    }
    node.replaceWith(parts);
  }
  return marks;
}
