import { assumedViewportWidth, isPlausibleWidth, VIEWPORT_COOKIE } from '@portal/contract';
import { writeCookie } from '../api/cookies.ts';

/**
 * The window width a server-rendered page was rendered for. The server cannot measure the
 * window: it reads the width this module stored in a cookie on the reader's last visit, or on
 * a first visit guesses a phone or a desktop from the User-Agent (entry-server.tsx), and writes
 * the width it used on #root. The browser's first render (hydration) and the lists' page sizes
 * read the same width, so both sides render the same markup and ask for the same pages; React
 * re-renders layout with the real width right after. Without a server render: the real width.
 */
export const VIEWPORT_ATTRIBUTE = 'data-viewport-width';
export { VIEWPORT_COOKIE };
const YEAR_SECONDS = 365 * 24 * 60 * 60;

let serverWidth = assumedViewportWidth(null, '');

/** The server's width for this render: the cookie's, else a guess from the User-Agent. */
export function setServerViewport(userAgent: string, cookieWidth: string | null): number {
  serverWidth = assumedViewportWidth(cookieWidth, userAgent);
  return serverWidth;
}

/** The width the server wrote on #root for this page's render, or null (no server render). */
function renderedWidth(): number | null {
  const hint = Number(document.getElementById('root')?.getAttribute(VIEWPORT_ATTRIBUTE));
  return isPlausibleWidth(hint) ? hint : null;
}

/** The width the page's first render assumed (server, hydration and the lists it mounted). */
export function firstRenderWidth(): number {
  if (typeof document === 'undefined') {
    return serverWidth;
  }
  return renderedWidth() ?? window.innerWidth;
}

/**
 * Keeps the window's width for the server's next render of a page (not sent to the API). Not
 * when this page was rendered for that width already (its cookie, or a guess that came out
 * right): a cookie write is a synchronous call to the browser, measured at up to a third of the
 * task that runs the page's code on a phone.
 */
export function rememberViewportWidth(): void {
  const width = Math.round(window.innerWidth);
  if (isPlausibleWidth(width) && width !== renderedWidth()) {
    // Secure on https like every cookie of ours (writeCookie).
    writeCookie(VIEWPORT_COOKIE, String(width), YEAR_SECONDS);
  }
}
