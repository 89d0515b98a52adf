import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { decodeHtmlEntities } from '@portal/contract';

// Loaded when a headline is first cleaned, not at every process start (~40 ms).
const require = createRequire(import.meta.url);
let library: typeof SanitizeHtml | undefined;
function sanitizeHtml(): typeof SanitizeHtml {
  library ??= require('sanitize-html') as typeof SanitizeHtml;
  return library;
}

/**
 * Headline bodies come from outside (crawlers, editors pasting from the web), so they are
 * cleaned before they are stored: a whitelist of text and image tags, no script or style,
 * no event handlers or style attributes, links only to http(s)/mailto and images only from
 * http(s) or our own paths (no javascript: or data: URLs), no SVG. Links open in a new tab
 * without giving the target page a handle on ours.
 */
const options = (sanitize: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'hr',
    'sup',
    'sub',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitize.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
});
let headlineOptions: SanitizeHtml.IOptions | undefined;

export function sanitizeHeadlineHtml(html: string): string {
  headlineOptions ??= options(sanitizeHtml());
  return sanitizeHtml()(html, headlineOptions);
}

/** The readable text of stored headline HTML, for the search index. */
export function headlineText(html: string): string {
  // A block boundary is a word boundary too: 宁德时代</p><p>发布 must not read as one word.
  const spaced = html.replace(/<(\/(p|h[1-6]|li|div|td|th|blockquote|figcaption)|br\s*\/?)>/gi, ' $&');
  return decodeHtmlEntities(sanitizeHtml()(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
}
