import { gridForWidth, isMobileWidth, type TSearchHit } from '@portal/contract';
import { contentKindOf } from '../../components/detailPath.ts';
import { firstRenderWidth } from '../../components/viewportHint.ts';

/** Portrait covers (report first pages, material posters) fill their card; others sit on top of it. */
export const TALL_COVER_KINDS: ReadonlySet<string> = new Set(['report', 'material']);

/** Covers a list fetches with high priority: a first screen's largest paint is among them. */
export const PRIORITY_COVER_COUNT = 2;

/** How a card fetches its cover: first with high priority, with the HTML, or once it nears the view. */
export type TCoverLoading = 'priority' | 'eager' | 'lazy';

export function hasTallCover(hit: TSearchHit): boolean {
  const kind = contentKindOf(hit._index);
  return hit._source.cover !== '' && kind !== null && TALL_COVER_KINDS.has(kind);
}

/**
 * How each cover of a list's first screen (two rows on a phone, the first row wider up) is
 * fetched; covers further down are lazy. `count` of them get high priority, portrait covers
 * first: a portrait cover fills its card, so where one is on the first screen it is the page's
 * largest paint (a search for 新能源汽车 opens with two landscape topic covers, then reports).
 * The others on the first screen load with the HTML too: a lazy picture is asked for only once
 * the page has its styles and layout, and a phone's second row is as large as its first.
 * `count` 0 (something above the list is the largest paint): all lazy.
 */
export function firstScreenCovers(
  hits: readonly TSearchHit[],
  count: number,
  width: number = firstRenderWidth(),
): Map<TSearchHit, TCoverLoading> {
  const loading = new Map<TSearchHit, TCoverLoading>();
  if (count <= 0) {
    return loading;
  }
  const mobile = isMobileWidth(width);
  const firstScreen = hits
    .slice(0, gridForWidth(width, mobile).columns * (mobile ? 2 : 1))
    .filter((hit) => hit._source.cover !== '');
  const ranked = [...firstScreen.filter(hasTallCover), ...firstScreen.filter((hit) => !hasTallCover(hit))];
  ranked.forEach((hit, rank) => loading.set(hit, rank < count ? 'priority' : 'eager'));
  return loading;
}
