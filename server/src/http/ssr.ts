import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EARLY_INPUT_SCRIPT, STATIC_ROUTES, type TSessionData } from '@portal/contract';
import { beforeFirstScript } from './head-tags.ts';

/**
 * The first screen rendered on the server (issue 20). The web build writes a render bundle
 * beside its `dist` (web/vite.config.ts, `web/dist-ssr/entry-server.js`, web/src/entry-server.tsx):
 * the app's own routes, guard and pages, rendered from the request's cookies and the replies
 * the page carries (session-data.ts). A phone then paints the screen from the HTML instead of
 * after ~150 KiB of JavaScript has downloaded and run; the code hydrates what is there.
 * Without the bundle (tests, a build from before it) the page is the plain shell as before.
 */
export type TRenderRequest = {
  url: string;
  cookie: string;
  userAgent: string;
  session: TSessionData | null;
};
export type TRenderResult = {
  html: string;
  rootAttributes: Record<string, string>;
  /** Where the web's guard sends this page instead: answered with a 302 (web.ts). */
  redirect?: string;
};

/** A redirect the render may ask for: a path on this site, never another host (`//host`). */
export function sitePath(target: string | undefined): string | null {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : null;
}
export type TPageRenderer = (request: TRenderRequest) => Promise<TRenderResult>;

/**
 * Whether a page's first screen is rendered here. Not the back-office (/admin): it is built
 * from antd, whose CSS-in-JS writes its styles in the browser only — hydrated server markup kept
 * antd's menu and breadcrumb unstyled — and its screens are not reader first screens.
 */
export function rendersOnServer(path: string): boolean {
  return !(path === STATIC_ROUTES.admin.path || path.startsWith(`${STATIC_ROUTES.admin.path}/`));
}

/** Where the web build puts the render bundle, relative to its `dist`. */
export function renderBundleOf(webDist: string): string {
  return join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/**
 * The bundle's `render`, loaded once at start with the code of every screen it renders (its
 * `warmUp`), or null when the web was built without it.
 */
export async function loadPageRenderer(bundle: string): Promise<TPageRenderer | null> {
  if (!existsSync(bundle)) {
    return null;
  }
  const module = (await import(pathToFileURL(bundle).href)) as { render?: unknown; warmUp?: unknown };
  if (typeof module.render !== 'function') {
    throw new Error(`${bundle} does not export render()`);
  }
  if (typeof module.warmUp === 'function') {
    await (module.warmUp as () => Promise<void>)();
  }
  return module.render as TPageRenderer;
}

/** React writes a page's <title> (and <meta>/<link>) first; they belong in <head>. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/;
const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&${{ '&': 'amp', '"': 'quot', '<': 'lt', '>': 'gt' }[c] ?? ''};`);
}

/**
 * index.html with the rendered markup inside `<div id="root">` and the page's own <title>
 * instead of the shell's. The markup is React's (escaped by React); attributes are ours.
 */
export function withRenderedRoot(html: string, rendered: TRenderResult): string {
  const head = LEADING_HEAD_TAGS.exec(rendered.html)?.[0] ?? '';
  const body = rendered.html.slice(head.length);
  const attributes = Object.entries(rendered.rootAttributes)
    .filter(([name]) => ATTRIBUTE_NAME.test(name))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  let out = html.replace(/<div id="root"><\/div>/, () => `<div id="root"${attributes}>${body}</div>`);
  if (head) {
    if (/<title>/.test(head)) {
      out = out.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
    }
    // Its image preloads start before the scripts (head-tags.ts).
    out = beforeFirstScript(out, head);
  }
  // Taps and submits before the code has taken the markup over are kept for it (early-input.ts).
  return beforeFirstScript(out, `<script>${EARLY_INPUT_SCRIPT}</script>`);
}
