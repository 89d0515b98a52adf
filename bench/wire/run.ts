/**
 * `npm run bench:wire [-- --seconds N]`: bytes on the wire, raw against gzip against brotli, for
 * what a first visit and a search cost: the React chunk, the login screen's first load (the
 * HTML, the entry and its static imports, the CSS, the login page chunk), a search reply and a
 * report detail reply. Each is fetched from the real server with each Accept-Encoding, so the
 * numbers are what the portal sends (precompressed build files; JSON compressed per request).
 * With --seconds N, also drives one repeated search with autocannon per encoding: the cost of
 * compressing replies that the read cache serves again (their compressed forms are cached too).
 * Needs the web build (`npm run build`).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { apiLogin } from '../../e2e/src/browser.ts';
import { startPortal } from '../../e2e/src/server.ts';
import { firstLoadFiles } from './first-load.ts';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '0' } } });
const seconds = Number(values.seconds);
const DIST = new URL('../../web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8')) as Record<
  string,
  ManifestChunk
>;
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

const portal = await startPortal({ DEMO_REPORTS: '12' }, { startTimeoutMs: 300_000 });
try {
  const { token } = await apiLogin(portal, '13800000001');
  const headers = { token, source: '1', 'content-type': 'application/json' };
  /** Bytes of the body as sent, per encoding (fetch would decode it: count what arrives instead). */
  const wire = async (path: string, init: { method?: string; body?: string } = {}) => {
    const sizes = {} as Record<Encoding, number>;
    for (const encoding of ENCODINGS) {
      const res = await fetch(`${portal.url}${path}`, {
        ...init,
        headers: { ...headers, 'accept-encoding': encoding },
      });
      if (!res.ok) {
        throw new Error(`${path}: HTTP ${res.status}`);
      }
      const sent = res.headers.get('content-encoding') ?? 'identity';
      if (sent !== encoding) {
        throw new Error(`${path}: asked for ${encoding}, got ${sent}`);
      }
      sizes[encoding] = Number(res.headers.get('content-length')) || (await res.arrayBuffer()).byteLength;
    }
    return sizes;
  };
  const search = JSON.stringify({ tn: 'all', keyword: '新能源汽车', page: 1, page_size: 20, source: 'PC' });
  const reports = (await (
    await fetch(`${portal.url}/api/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tn: 'report', psort: 'new', page_size: 1 }),
    })
  ).json()) as { data: { data: { _id: string }[] } };
  const reportId = reports.data.data[0]?._id ?? '1';

  const rows: [string, Record<Encoding, number>][] = [];
  const react = Object.values(manifest).find((c) => /\/react-[^/]+\.js$/.test(c.file));
  if (react) {
    rows.push([`React chunk (\`${react.file}\`)`, await wire(`/${react.file}`)]);
  }
  const login = { identity: 0, gzip: 0, br: 0 };
  const loginFiles = firstLoadFiles(manifest, 'src/features/auth/pages/LoginPage.tsx');
  for (const file of ['index.html', ...loginFiles]) {
    const sizes = await wire(file === 'index.html' ? '/login' : `/${file}`).catch(async () => {
      // Files under 1 KiB have no compressed copy: they go out as they are whatever is asked.
      const size = (
        await (await fetch(`${portal.url}/${file === 'index.html' ? 'login' : file}`)).arrayBuffer()
      ).byteLength;
      return { identity: size, gzip: size, br: size };
    });
    for (const encoding of ENCODINGS) {
      login[encoding] += sizes[encoding];
    }
  }
  rows.push([`login first screen (${loginFiles.length + 1} files)`, login]);
  rows.push([
    'search reply (新能源汽车, 20 hits)',
    await wire('/api/search', { method: 'POST', body: search }),
  ]);
  rows.push([
    'report detail reply',
    await wire('/api/detail', {
      method: 'POST',
      body: JSON.stringify({ detail_id: reportId, index: 'portal_report' }),
    }),
  ]);

  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log('| what | raw KiB | gzip KiB | br KiB | br saves |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, s] of rows) {
    const saved = ((1 - s.br / s.identity) * 100).toFixed(0);
    console.log(`| ${name} | ${kb(s.identity)} | ${kb(s.gzip)} | ${kb(s.br)} | ${saved} % |`);
  }

  if (seconds > 0) {
    console.log(`\nrepeated search, 50 connections, ${seconds} s per encoding`);
    console.log('| Accept-Encoding | req/s | p50 ms | p99 ms | KiB/s on the wire |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const encoding of ENCODINGS) {
      const r = await autocannon({
        url: `${portal.url}/api/search`,
        method: 'POST',
        connections: 50,
        duration: seconds,
        headers: { ...headers, 'accept-encoding': encoding },
        body: search,
      });
      console.log(
        `| ${encoding} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${kb(r.throughput.average)} |`,
      );
    }
  }
} finally {
  await portal.stop();
}
