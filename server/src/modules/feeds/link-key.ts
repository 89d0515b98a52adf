/**
 * The form of an item link used to recognise the same story twice: lower-case host, default
 * port dropped, no fragment, no utm_* tracking parameters, no trailing slash. Null for anything
 * but an absolute http(s) URL.
 */
export function linkKey(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return null;
  }
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) {
    if (name.toLowerCase().startsWith('utm_')) {
      url.searchParams.delete(name);
    }
  }
  // http and https of one page are one story.
  const path = url.pathname.replace(/\/+$/, '');
  const query = url.searchParams.toString();
  return `${url.host.toLowerCase()}${path}${query ? `?${query}` : ''}`;
}

/** `href` resolved against the feed's address; '' unless the result is http(s). */
export function absoluteLink(href: string | undefined, base: string): string {
  if (!href || href.trim() === '') {
    return '';
  }
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}
