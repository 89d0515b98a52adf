import { parsePageLayout, type TPageLayout } from '@portal/contract';

/** Layouts kept at most: a few long reports' pages (a few KB each); the oldest go first. */
const KEPT = 600;

// By signed URL, shared by the marks on the page images and 在报告中查找, so a page's layout is
// fetched and parsed once whichever asks first. A read is not tied to who asked: a second
// asker, or a newer search, waits for the same one.
const layouts = new Map<string, Promise<TPageLayout | null>>();

/** A page's text layout (the report's `pdf_layout` entry); null when it cannot be read. */
export function pageLayoutOf(url: string): Promise<TPageLayout | null> {
  let layout = layouts.get(url);
  if (!layout) {
    layout = fetch(url)
      .then((res) => (res.ok ? res.json() : null))
      .then(parsePageLayout);
    // A failed read is tried again by the next asker.
    layout.catch(() => layouts.delete(url));
    layouts.set(url, layout);
    if (layouts.size > KEPT) {
      const oldest = layouts.keys().next().value;
      if (oldest !== undefined) {
        layouts.delete(oldest);
      }
    }
  }
  return layout;
}
