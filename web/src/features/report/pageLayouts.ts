import { parsePageLayout, parsePageLayouts, type TPageLayout } from '@portal/contract';

/** Layouts kept at most: a few long reports' pages (a few KB each); the oldest go first. */
const KEPT = 600;

// By signed URL, shared by the marks on the page images and 在报告中查找, so a page's layout is
// fetched and parsed once whichever asks first. A read is not tied to who asked: a second
// asker, or a newer search, waits for the same one.
const layouts = new Map<string, Promise<TPageLayout | null>>();

/** Keeps `value` under `key` in `map`, forgetting the oldest entries beyond `limit`. */
function keep<T>(map: Map<string, T>, key: string, value: T, limit: number): void {
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) {
      map.delete(oldest);
    }
  }
}

/** A page's text layout (the report's `pdf_layout` entry); null when it cannot be read. */
export function pageLayoutOf(url: string): Promise<TPageLayout | null> {
  let layout = layouts.get(url);
  if (!layout) {
    layout = fetch(url)
      .then((res) => (res.ok ? res.json() : null))
      .then(parsePageLayout);
    // A failed read is tried again by the next asker.
    layout.catch(() => layouts.delete(url));
    keep(layouts, url, layout, KEPT);
  }
  return layout;
}

// By the URL of the report's one file of layouts: the last few reports' reads.
const allLayouts = new Map<string, Promise<TPageLayout[] | null>>();
const KEPT_REPORTS = 4;

/**
 * Every page's layout in one read (the report's `pdf_layouts`), each also kept under its page's
 * URL in `urls` so the marks need no read of their own; null when the file cannot be read (the
 * pages are then read one by one).
 */
export function allPageLayoutsOf(allUrl: string, urls: readonly string[]): Promise<TPageLayout[] | null> {
  let all = allLayouts.get(allUrl);
  if (!all) {
    all = fetch(allUrl)
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        const pages = parsePageLayouts(body)?.pages ?? null;
        pages?.forEach((page, i) => {
          const url = urls[i];
          if (url !== undefined && !layouts.has(url)) {
            keep(layouts, url, Promise.resolve(page), KEPT);
          }
        });
        return pages;
      });
    all.catch(() => allLayouts.delete(allUrl));
    keep(allLayouts, allUrl, all, KEPT_REPORTS);
  }
  return all;
}
