import { decodeHtmlEntities } from '@portal/contract';

const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * Whether an article (the server's sanitised HTML) opens with `summary`, whitespace and tags
 * aside. Feeds often give a headline's first paragraph as its description; the detail page then
 * shows it once, as the article's start, instead of twice in a row.
 */
export function articleOpensWith(html: string, summary: string): boolean {
  const lead = squash(summary);
  if (lead === '') {
    return false;
  }
  const text = decodeHtmlEntities(html.replace(/<[^>]*>/g, ''));
  return squash(text).startsWith(lead);
}
