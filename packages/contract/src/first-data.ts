import { CONTENT_INDEXES } from './search.ts';

/**
 * A screen's first data in its HTML (issue 20): the server answers the query a detail screen
 * makes first — POST /api/detail for the item its path names — and writes the reply into the
 * page beside the session's (TSessionData `first`), so the item renders with the code instead of
 * a round trip after it. The web seeds its query cache under the same key.
 */

/** The query key of an item's detail reply (web entities/detail `detailKeys.item`). */
export const detailQueryKey = (id: string, index: string) => ['detail', 'item', index, id] as const;

/** Detail screens by path, with the content index a link may leave out (spec §2 routes). */
const DETAIL_SCREENS: readonly { pattern: RegExp; index: string }[] = [
  { pattern: /^\/(?:report\/)?report_details\/(\d{1,12})$/, index: CONTENT_INDEXES.report },
  { pattern: /^\/headlines\/headlines_details\/(\d{1,12})$/, index: CONTENT_INDEXES.business },
  { pattern: /^\/analysis\/analysis_details\/(\d{1,12})$/, index: CONTENT_INDEXES.insight },
  { pattern: /^\/material\/material_details\/(\d{1,12})$/, index: CONTENT_INDEXES.material },
];

/**
 * The item a page address shows, as its detail screen reads it (`:id`, `?index` or the screen's
 * own), or null: not a detail screen, or an admin's preview (`?preview=1` reads another call).
 */
export function detailOfAddress(url: string): { id: string; index: string } | null {
  let address: URL;
  try {
    address = new URL(url, 'http://portal.invalid');
  } catch {
    return null;
  }
  const { pathname: path, searchParams: search } = address;
  if (search.has('preview')) {
    return null;
  }
  for (const screen of DETAIL_SCREENS) {
    const id = screen.pattern.exec(path)?.[1];
    if (id !== undefined) {
      return { id, index: search.get('index')?.trim() || screen.index };
    }
  }
  return null;
}

/** One query answered into the page: its key and the reply's envelope as the API sent it. */
export type TFirstData = { key: readonly unknown[]; reply: unknown };
