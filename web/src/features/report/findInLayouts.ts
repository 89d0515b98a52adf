import { termRanges } from '@portal/contract';
import type { TFindPages, TFoundPage } from '../../components/find/FindBox.tsx';
import { allPageLayoutsOf, pageLayoutOf } from './pageLayouts.ts';

/** Layouts fetched at once when they are read page by page: a few round trips, not one each. */
const PARALLEL = 4;

/**
 * 在报告中查找 over a phone's page images: the pages' text layouts — all of them in one read of
 * the report's `pdf_layouts` file, else each page's own (`pdf_layout`, four at a time), each read
 * once whoever asks (`pageLayouts.ts`) — and the pages that show the words, counted with the
 * marks' rule (contract `termRanges`), so every page found shows its marks. A page whose layout
 * cannot be read is left out, not an error.
 */
export function findInLayouts(urls: readonly string[], allUrl = ''): TFindPages {
  return async (terms, signal) => {
    const all = allUrl ? await allPageLayoutsOf(allUrl, urls).catch(() => null) : null;
    const counts: number[] = new Array<number>(urls.length).fill(0);
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !signal.aborted) {
        const index = next++;
        const layout = all?.[index] ?? (await pageLayoutOf(urls[index] ?? '').catch(() => null));
        const runs = (layout?.runs ?? []).map((run) => ({ text: run.s, eol: run.eol === true }));
        counts[index] = termRanges(runs, terms).found;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, urls.length) }, worker));
    return counts.flatMap((count, i): TFoundPage[] => (count > 0 ? [{ page: i + 1, count }] : []));
  };
}
