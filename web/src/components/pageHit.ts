import type { TSearchHit } from '@portal/contract';
import { parseHighlight } from './parseHighlight.ts';

/** Query names of a page hit's link: the page to open and the terms to mark on it (issue 19). */
export const PAGE_QUERY = 'page';
export const HIGHLIGHT_QUERY = 'hl';

/** At most this many terms travel in a link (a long query's words would make it unwieldy). */
const MAX_TERMS = 8;

/** The matched terms of a highlight (its `<em>` runs), distinct, in order. */
export function highlightTerms(html: string): string[] {
  const terms = parseHighlight(html)
    .filter((p) => p.em)
    .map((p) => p.text.trim())
    .filter((t) => t !== '');
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * A report hit's detail path opening the reader at the page that holds the words, with the
 * words to mark there: `/report/report_details/{id}?…&page=N&hl=<terms>`. Other hits: `path`.
 */
export function pageHitPath(path: string, hit: Pick<TSearchHit, '_source'>): string {
  const pageHit = hit._source.page_hit;
  if (!pageHit) {
    return path;
  }
  const url = new URL(path, 'http://portal.invalid');
  url.searchParams.set(PAGE_QUERY, String(pageHit.page));
  const terms = highlightTerms(pageHit.snippet);
  if (terms.length > 0) {
    url.searchParams.set(HIGHLIGHT_QUERY, terms.join(' '));
  }
  return `${url.pathname}${url.search}`;
}

/** The terms a page link asks to mark (`hl`, space-separated); none when absent. */
export function termsOfQuery(search: URLSearchParams): string[] {
  const value = search.get(HIGHLIGHT_QUERY) ?? '';
  return [...new Set(value.split(/\s+/).filter((t) => t !== ''))].slice(0, MAX_TERMS);
}
