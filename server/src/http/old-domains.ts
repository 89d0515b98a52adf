import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './web.ts';

/** Spec §9: the moved notice counts down 4 seconds before redirecting. */
export const MOVED_COUNTDOWN_SECONDS = 4;
export const MOVED_SCRIPT_PATH = '/moved/countdown.js';
const MOVED_SCRIPT = readFileSync(
  fileURLToPath(new URL('../../public/moved/countdown.js', import.meta.url)),
  'utf8',
);

/** The Host header without its port, lower case. */
function hostOf(header: string | undefined): string {
  return (header ?? '').trim().toLowerCase().replace(/:\d+$/, '');
}

export function movedPage(target: string): string {
  const href = escapeHtml(target);
  return `<!doctype html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="refresh" content="${MOVED_COUNTDOWN_SECONDS};url=${href}">
  <title>网站已迁移</title>
  <script src="${MOVED_SCRIPT_PATH}" defer></script>
</head>
<body style="font-family: sans-serif; text-align: center; padding-top: 15vh; color: #333">
  <h1 style="font-size: 22px">本网站已迁移至新域名</h1>
  <p><span id="moved-seconds">${MOVED_COUNTDOWN_SECONDS}</span> 秒后自动跳转，如未跳转请点击：</p>
  <p><a id="moved-target" href="${href}">${href}</a></p>
</body>
</html>
`;
}

/**
 * Requests whose Host is an old domain (OLD_DOMAINS) get the moved-notice page, which
 * redirects to the same path on PUBLIC_URL after the countdown. The countdown script itself
 * is served on every host.
 */
export function registerOldDomains(
  app: FastifyInstance,
  oldDomains: readonly string[],
  publicUrl: string,
): void {
  app.get(MOVED_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(MOVED_SCRIPT),
  );
  if (oldDomains.length === 0) {
    return;
  }
  const old = new Set(oldDomains);
  app.addHook('onRequest', async (request, reply) => {
    if (!old.has(hostOf(request.headers.host)) || request.url === MOVED_SCRIPT_PATH) {
      return;
    }
    // The path only: request.url never holds a scheme or host, so the target stays on PUBLIC_URL.
    const path = request.url.startsWith('/') ? request.url : `/${request.url}`;
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(movedPage(`${publicUrl}${path}`));
  });
}
