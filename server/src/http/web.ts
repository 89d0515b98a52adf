import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { BANNER_IMAGE_SIZES, imageSrcSet, ResultCode, MSG } from '@portal/contract';
import type { TSessionData } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './envelope.ts';
import { beforeFirstScript, withInlineStyles, type CssText } from './head-tags.ts';
import { withLateCode } from './late-code.ts';
import { routePreloads, withModulePreloads } from './route-preloads.ts';
import { sessionData, tokenFromCookie, withSessionData } from './session-data.ts';
import {
  loadPageRenderer,
  renderBundleOf,
  rendersOnServer,
  sitePath,
  withRenderedRoot,
  type TPageRenderer,
  type TRenderResult,
} from './ssr.ts';

/** Files the server itself ships (the default logo), independent of the web build. */
const BRAND_DIR = fileURLToPath(new URL('../../public/brand/', import.meta.url));

const NOT_BUILT_HINT =
  '网页尚未构建：请先运行 npm run build（npm start 会自动构建）。\n' +
  'The web app is not built yet: run `npm run build` (npm start builds it first).\n';

const LONG_CACHE = 'public, max-age=31536000, immutable';
/** The precompressed sibling a request may be answered with; its caching is the original's. */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** What a shared page's preview shows (chat apps read the meta tags of the first HTML). */
export type PagePreview = { title: string; description: string };
export type WebOptions = {
  /** The preview of the shared headline `/headlines_no_token/{id}`, or null when there is none. */
  headlinePreview?: (id: number) => Promise<PagePreview | null>;
  /** The URL of the home carousel's first picture (the home page's largest paint), or null. */
  homeBanner?: () => Promise<string | null>;
  /** The web's render bundle (ssr.ts); by default the one the web build writes beside webDist. */
  renderBundle?: string;
};

const HOME_PAGE = /^\/homepage(?:[/?#]|$)/;
const SHARED_HEADLINE = /^\/headlines_no_token\/([1-9][0-9]{0,11})(?:[/?#]|$)/;
const PREVIEW_DESCRIPTION_CHARS = 120;

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c] ?? ''};`,
  );
}

/**
 * index.html with the page's title and description in <title> and the description/og: meta
 * tags (any the build already has are replaced), every value HTML-escaped.
 */
export function withPreview(html: string, preview: PagePreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml([...preview.description].slice(0, PREVIEW_DESCRIPTION_CHARS).join(''));
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:type" content="article">`,
  ].join('\n    ');
  const stripped = html
    .replace(/<meta\s+(?:name="description"|property="og:(?:title|description|type)")[^>]*>\s*/gi, '')
    .replace(/<title>[\s\S]*?<\/title>/i, '');
  return stripped.replace(/<\/head>/i, `    <title>${title}</title>\n    ${tags}\n  </head>`);
}

/**
 * index.html asking for the home page's first banner at once, with high priority, as the same
 * responsive copies the carousel's `<img>` picks from (same `imagesrcset` and `imagesizes`, so
 * the browser reuses the download): without it the picture starts only after the code, the
 * page chunk and the banner list have arrived one after another.
 */
export function withImagePreload(html: string, url: string): string {
  const srcset = imageSrcSet(url);
  const attrs = srcset
    ? `imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(BANNER_IMAGE_SIZES)}"`
    : `href="${escapeHtml(url)}"`;
  return beforeFirstScript(html, `<link rel="preload" as="image" ${attrs} fetchpriority="high">`);
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built web app from `webDist` and the SPA fallback: an unknown GET that is not an
 * API call gets index.html (never cached, so a deploy is seen at once); Vite's hashed files under
 * /assets/ are cached for a year. Unknown API paths get a 404 envelope.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: WebOptions = {},
): Promise<void> {
  await app.register(fastifyStatic, {
    root: BRAND_DIR,
    prefix: '/brand/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=86400'),
  });

  const built = existsSync(join(webDist, 'index.html'));
  const assetsDir = join(webDist, 'assets') + sep;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      redirect: false,
      cacheControl: false,
      // The build writes file.br and file.gz beside each text asset (web/precompress.ts): sent by
      // Accept-Encoding, with Vary, and the plain file to clients that take neither.
      preCompressed: true,
      setHeaders: (reply, sentPath) => {
        const path = sentPath.replace(PRECOMPRESSED_SUFFIX, '');
        if (path.startsWith(assetsDir)) {
          reply.header('cache-control', LONG_CACHE);
        } else if (path.endsWith('.html')) {
          reply.header('cache-control', 'no-cache');
        } else {
          reply.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  const preloads = routePreloads(webDist);
  const cssText = buildCss(webDist);
  const renderPage = built ? await loadPageRenderer(options.renderBundle ?? renderBundleOf(webDist)) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url;
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return apiNotFound(reply);
    }
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_HINT);
    }
    if (path.startsWith('/assets/')) {
      // A missing hashed file must not turn into HTML (nosniff would block it anyway).
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    }
    const shared = options.headlinePreview ? SHARED_HEADLINE.exec(path) : null;
    if (shared && options.headlinePreview) {
      const preview = await options.headlinePreview(Number(shared[1]));
      if (preview) {
        const html = withPreview(await readFile(join(webDist, 'index.html'), 'utf8'), preview);
        return reply
          .code(200)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(html);
      }
    }
    // The screen's own code, and on the home page its first banner, start with the HTML; its
    // CSS and a signed-in reader's session replies come inside it (head-tags.ts, session-data.ts).
    const code = preloads(path);
    const banner = options.homeBanner && HOME_PAGE.test(path) ? await options.homeBanner() : null;
    const token = tokenFromCookie(request.headers.cookie);
    const session = token
      ? await sessionData(app, token, path, {
          cookie: request.headers.cookie,
          userAgent: request.headers['user-agent'],
        })
      : null;
    const rendered =
      renderPage && rendersOnServer(path) ? await renderFirstScreen(app, renderPage, request, session) : null;
    const redirect = sitePath(rendered?.redirect);
    if (redirect) {
      return reply.code(302).header('location', redirect).header('cache-control', 'no-store').send();
    }
    if (code || banner || session || rendered) {
      let html = await readFile(join(webDist, 'index.html'), 'utf8');
      // A painted screen lists its chunks for the late loader instead (below).
      html = code && !rendered ? withModulePreloads(html, code.chunks) : html;
      html = banner ? withImagePreload(html, banner) : html;
      html = session ? withSessionData(html, session) : html;
      html = rendered ? withRenderedRoot(html, rendered) : html;
      // Last, so the picture preloads put before the scripts above stay before the styles too.
      html = code ? withInlineStyles(html, code.styles, cssText) : html;
      // A painted screen's code is asked for after its first paint; an empty #root needs it at once.
      html = rendered ? withLateCode(html, code?.chunks ?? []) : html;
      return reply
        .code(200)
        .header('cache-control', session ? 'private, no-cache' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    }
    return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/** The build's stylesheets, read once each: a deploy brings a new build and a new process. */
function buildCss(webDist: string): CssText {
  const cache = new Map<string, string | null>();
  return (href) => {
    if (!cache.has(href)) {
      let text: string | null = null;
      if (/^\/assets\/[\w.~-]+\.css$/.test(href)) {
        try {
          text = readFileSync(join(webDist, href), 'utf8');
        } catch {
          text = null;
        }
      }
      cache.set(href, text);
    }
    return cache.get(href) ?? null;
  };
}

/**
 * The first screen's markup, or null — and the browser renders it as before — when the render
 * fails: a page must not be lost to a server render.
 */
async function renderFirstScreen(
  app: FastifyInstance,
  renderPage: TPageRenderer,
  request: FastifyRequest,
  session: TSessionData | null,
): Promise<TRenderResult | null> {
  try {
    return await renderPage({
      url: request.url,
      cookie: request.headers.cookie ?? '',
      userAgent: request.headers['user-agent'] ?? '',
      session,
    });
  } catch (error) {
    app.log.error({ err: error, url: request.url }, 'server render failed; sending the plain page');
    return null;
  }
}

function apiNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send(errorBody(ResultCode.failure, MSG.notFound));
}
