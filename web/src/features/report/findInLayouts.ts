import { parsePageLayout, termRanges, type TTextRun } from '@portal/contract';
import type { TFindPages, TFoundPage } from '../../components/find/FindBox.tsx';

/** Layouts fetched at once: a long report's pages come in a few round trips, not one each. */
const PARALLEL = 4;

/**
 * 在报告中查找 over a phone's page images: each page's text layout (the report's `pdf_layout`)
 * fetched once and kept, the pages that show the words counted with the marks' rule (contract
 * `termRanges`), so every page found shows its marks. A page whose layout cannot be read is
 * left out, not an error.
 */
export function findInLayouts(urls: readonly string[]): TFindPages {
  const cache = new Map<number, Promise<TTextRun[]>>();
  // Not tied to a search's signal: a read a newer search finds under way is its read too.
  const runsOf = (index: number): Promise<TTextRun[]> => {
    let runs = cache.get(index);
    if (!runs) {
      runs = fetch(urls[index] ?? '')
        .then((res) => (res.ok ? res.json() : null))
        .then((body: unknown) =>
          (parsePageLayout(body)?.runs ?? []).map((run) => ({ text: run.s, eol: run.eol === true })),
        );
      // A failed read is tried again by the next search.
      runs.catch(() => cache.delete(index));
      cache.set(index, runs);
    }
    return runs;
  };
  return async (terms, signal) => {
    const counts: number[] = new Array<number>(urls.length).fill(0);
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !signal.aborted) {
        const index = next++;
        const runs = await runsOf(index).catch(() => []);
        counts[index] = termRanges(runs, terms).found;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, urls.length) }, worker));
    return counts.flatMap((count, i): TFoundPage[] => (count > 0 ? [{ page: i + 1, count }] : []));
  };
}
