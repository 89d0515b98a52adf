/**
 * `npx tsx bench/web/html-parts.ts [--pages home,headlines] [--save DIR]`: what a signed-in screen's HTML
 * carries, part by part (inline CSS, session data, server-rendered markup, the rest), raw and
 * gzipped, as the compiled portal sends it to a phone. The document is the first thing a phone
 * waits for: past ~14 KiB compressed it needs one more round trip of TCP slow start.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { apiLogin } from '../../e2e/src/browser.ts';
import { LIST_SCREENS, pageHeaders, startDemoPortal, stopPortal } from './page-portal.ts';

// --save DIR: each page's HTML as sent, for a closer look.
const { values } = parseArgs({
  options: { pages: { type: 'string', default: '' }, save: { type: 'string', default: '' } },
});
const chosen = values.pages ? values.pages.split(',') : Object.keys(LIST_SCREENS);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-html-'));
const portal = await startDemoPortal(dataDir);
try {
  const session = await apiLogin(portal, '13800000001');
  const kib = (text: string) => (Buffer.byteLength(text) / 1024).toFixed(1);
  const gz = (text: string) => (gzipSync(text, { level: 6 }).length / 1024).toFixed(1);
  console.log('| page | whole | styles | session data | #root markup | rest |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const name of chosen) {
    const path = LIST_SCREENS[name];
    if (!path) {
      throw new Error(`unknown page ${name}; pages: ${Object.keys(LIST_SCREENS).join(', ')}`);
    }
    const res = await fetch(`${portal.url}${path}`, {
      headers: { ...pageHeaders(session.token), 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile' },
    });
    const html = await res.text();
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      writeFileSync(join(values.save, `${name}.html`), html);
    }
    const styles = [...html.matchAll(/<style>[\s\S]*?<\/style>/g)].map((m) => m[0]).join('');
    const data = [...html.matchAll(/<script type="application\/json"[\s\S]*?<\/script>/g)]
      .map((m) => m[0])
      .join('');
    const root = /<div id="root"[\s\S]*<\/div>\s*<\/body>/.exec(html)?.[0] ?? '';
    const rest = html.replace(styles, '').replace(data, '').replace(root, '');
    const cell = (t: string) => `${kib(t)} / ${gz(t)}`;
    console.log(
      `| ${name} | ${cell(html)} | ${cell(styles)} | ${cell(data)} | ${cell(root)} | ${cell(rest)} |`,
    );
  }
  console.log('\nKiB raw / gzipped, each part compressed alone.');
} finally {
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
