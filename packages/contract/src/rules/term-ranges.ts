import { lineJoiner } from './line-join.ts';

/**
 * One run of a page's text in reading order, as a PDF text layer holds it: `eol` when a line
 * ends after it. null is a barrier: text that must not take part in a match (already marked).
 */
export type TTextRun = { text: string; eol: boolean } | null;

/** Characters [start, end) of run `run` belong to a marked occurrence. */
export type TTermRange = { run: number; start: number; end: number };

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

const ASCII_WORD = /^[a-z0-9]+$/;
const ASCII_CHAR = /[a-z0-9]/;
const SPACE = /\s/;
const BARRIER = '\n';

/** A Latin word or code matches whole (ai is not marked inside openai), as search matches it. */
function standsAlone(text: string, at: number, term: string): boolean {
  return (
    !ASCII_WORD.test(term) ||
    (!ASCII_CHAR.test(text[at - 1] ?? '') && !ASCII_CHAR.test(text[at + term.length] ?? ''))
  );
}

/**
 * The runs' text as the server assembled the page for search (server/src/ingest/page-text.ts):
 * the runs of a line joined as they are, a line's end trimmed and joined to the next line by
 * `lineJoiner` — so 新能源 | 汽车 across a line break reads 新能源汽车, as search read it. Text
 * whose folding changes its length is a barrier too. Each character keeps its run and offset.
 */
function joinRuns(runs: readonly TTextRun[]): { text: string; origins: ([number, number] | null)[] } {
  const chars: string[] = [];
  const origins: ([number, number] | null)[] = [];
  let lineEnded = false;
  runs.forEach((run, index) => {
    const folded = run === null ? '' : fold(run.text);
    if (run === null || folded.length !== run.text.length) {
      chars.push(BARRIER);
      origins.push(null);
      return;
    }
    let from = 0;
    if (lineEnded) {
      while (from < folded.length && SPACE.test(folded[from] ?? '')) {
        from++;
      }
      if (from < folded.length) {
        const before = chars.at(-1) ?? BARRIER;
        if (before !== BARRIER && lineJoiner(before, folded.slice(from)) === ' ') {
          chars.push(' ');
          origins.push(null);
        }
        lineEnded = false;
      }
    }
    for (let i = from; i < folded.length; i++) {
      chars.push(folded[i] ?? '');
      origins.push([index, i]);
    }
    if (run.eol) {
      while (chars.length > 0 && chars.at(-1) !== BARRIER && SPACE.test(chars.at(-1) ?? '')) {
        chars.pop();
        origins.pop();
      }
      lineEnded = true;
    }
  });
  return { text: chars.join(''), origins };
}

/**
 * Where `terms` occur in a page's text runs (issue 19: a search hit opens the reader at its page
 * with the words marked). Latin matches case-insensitively and whole, the longest term first
 * where terms overlap; an occurrence a line break parted gives a range in each of its runs.
 * `found` counts occurrences. Used by the desktop reader on pdf.js's text layer and by the phone
 * reader on a page image's text layout, so both mark what search found.
 */
export function termRanges(
  runs: readonly TTextRun[],
  terms: readonly string[],
): { found: number; ranges: TTermRange[] } {
  const wanted = [...new Set(terms.map(fold).filter((t) => t !== ''))].sort((a, b) => b.length - a.length);
  const ranges: TTermRange[] = [];
  if (wanted.length === 0) {
    return { found: 0, ranges };
  }
  const { text, origins } = joinRuns(runs);
  let found = 0;
  for (let at = 0; at < text.length;) {
    const term = wanted.find((t) => text.startsWith(t, at) && standsAlone(text, at, t));
    if (!term) {
      at++;
      continue;
    }
    // One range per run the occurrence touches (two occurrences side by side stay two).
    const first = ranges.length;
    for (let i = at; i < at + term.length; i++) {
      const origin = origins[i];
      if (!origin) {
        continue;
      }
      const [run, offset] = origin;
      const last = ranges.length > first ? ranges.at(-1) : undefined;
      if (last && last.run === run && last.end === offset) {
        last.end++;
      } else {
        ranges.push({ run, start: offset, end: offset + 1 });
      }
    }
    found++;
    at += term.length;
  }
  return { found, ranges };
}
