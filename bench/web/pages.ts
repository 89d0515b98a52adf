/**
 * `npm run bench:pages [-- --no-build --rounds 3]`: how long a signed-in screen's HTML takes,
 * rendered on the server (server/src/http/ssr.ts), on the first visit after a start and on later
 * visits, one request at a time — against `GET /api/health` in the same run.
 *
 * Builds (unless --no-build) and starts the compiled portal on demo data with one worker, signs
 * in through the API, then starts it again so the timed requests meet a fresh process: round 1
 * is each screen's first visit, the later rounds are warm.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { apiLogin } from '../../e2e/src/browser.ts';
import { startCompiledPortal } from '../../e2e/src/compiled-portal.ts';
import { assertRendered, copyWebBuild, pageHeaders, stopPortal } from './page-portal.ts';
import { median } from '../search/stats.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
  },
});
const root = new URL('../..', import.meta.url).pathname;
if (!values['no-build']) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    throw new Error('npm run build failed');
  }
}

const SCREENS = [
  '/homepage',
  '/headlines',
  '/report',
  '/analysis',
  '/material',
  '/collection',
  `/searchpage/searchpage?search=${encodeURIComponent('新能源汽车')}`,
];

const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
const webDist = copyWebBuild(dataDir);
const start = () =>
  startCompiledPortal('node', dataDir, { WEB_DIST: webDist, WORKERS: '1', DEMO_REPORTS: '4' });

let portal = await start();
const session = await apiLogin(portal, '13800000001');
await stopPortal(portal);
portal = await start();
try {
  const timed = async (path: string, headers: Record<string, string> = {}) => {
    const t = performance.now();
    const res = await fetch(portal.url + path, { headers, redirect: 'manual' });
    const body = await res.text();
    if (res.status !== 200) {
      throw new Error(`${path}: ${res.status}`);
    }
    return { ms: performance.now() - t, body };
  };
  const health: number[] = [];
  for (let i = 0; i < 50; i++) {
    health.push((await timed('/api/health')).ms);
  }
  const baseline = median(health) || 1;
  const rounds = Number(values.rounds);
  const rows = SCREENS.map((path) => ({ path, ms: [] as number[] }));
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      const { ms, body } = await timed(row.path, pageHeaders(session.token));
      assertRendered(row.path, body);
      row.ms.push(ms);
    }
  }
  console.log(
    `bench:pages — one worker, one request at a time; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; GET /api/health median ${baseline.toFixed(1)} ms\n`,
  );
  console.log('| screen | first visit ms | later visits ms (median) | later vs health |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const row of rows) {
    const later = median(row.ms.slice(1));
    console.log(
      `| ${row.path} | ${(row.ms[0] ?? Number.NaN).toFixed(0)} | ${later.toFixed(0)} | ${(later / baseline).toFixed(1)}× |`,
    );
  }
} finally {
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
