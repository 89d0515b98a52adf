/**
 * `npm run bench:web [-- --runs 3 --preset mobile,desktop --pages login,home,… --json DIR --traces DIR
 * --throttling simulate|devtools]`: Lighthouse 12
 * (pinned 12.2.3, the last line that runs on Node 20) against Debian's Chromium on the main
 * screens, logged in as the demo user, as a reader's browser meets them: the compiled portal
 * (`npm start`'s build, precompressed assets), the demo library, a cold browser cache per run.
 *
 * Prints per page and preset the median of the runs: performance score, LCP, TBT, CLS,
 * transferred bytes and the accessibility score. `--via direct,nginx` measures each page a second
 * time through deploy/nginx.conf in front of the portal (TLS, HTTP/2, a self-signed certificate
 * the browser is told to accept), as production serves it; `direct` (the default) is the
 * portal's own HTTP/1.1, what issue 20 measured. Lighthouse's mobile preset simulates a slow 4G
 * phone (simulated throttling), so its figures do not depend much on this machine's load; the
 * table still prints the load average beside them.
 *
 * The session: Lighthouse clears only file systems, caches and service workers of the origin
 * between runs (its default `clearStorageTypes`), so the `token` cookie set once stays.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CONTENT_INDEXES } from '@portal/contract';
import { apiLogin, sessionCookies } from '../../e2e/src/browser.ts';
import { startCompiledPortal } from '../../e2e/src/compiled-portal.ts';
import { startNginx, type Nginx } from '../../e2e/src/nginx.ts';
import { freePort } from '../../e2e/src/ports.ts';
import { copyWebBuild, LIST_SCREENS, stopPortal } from './page-portal.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'mobile,desktop' },
    pages: { type: 'string', default: '' },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string', default: '' },
    // Each run's Chromium trace (what Lighthouse's simulation reads), for a look at its tasks.
    traces: { type: 'string', default: '' },
    via: { type: 'string', default: 'direct' },
    // `devtools`: Chromium itself slows the network and CPU (the preset's figures) and the page
    // loads that slowly, instead of Lighthouse simulating a slow load from a fast one: what a
    // phone would see when the simulation's model of the page is in doubt. Noisier.
    throttling: { type: 'string', default: 'simulate' },
  },
});
if (values.throttling !== 'simulate' && values.throttling !== 'devtools') {
  throw new Error(`--throttling: simulate or devtools, not ${values.throttling}`);
}
const throttlingMethod = values.throttling;
const vias = values.via.split(',').filter((v): v is 'direct' | 'nginx' => v === 'direct' || v === 'nginx');
const runs = Math.max(1, Number(values.runs));
const presets = values.preset
  .split(',')
  .filter((p): p is 'mobile' | 'desktop' => p === 'mobile' || p === 'desktop');
const root = new URL('../..', import.meta.url).pathname;

if (!values['no-build']) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    throw new Error('npm run build failed');
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const webDist = copyWebBuild(dataDir);
const portal = await startCompiledPortal('node', dataDir, {
  WEB_DIST: webDist,
  // Behind nginx the client's address is the one nginx saw, as in production.
  ...(vias.includes('nginx') ? { TRUST_PROXY: '1' } : {}),
  WORKERS: '1',
  DEMO_REPORTS: '12',
  LOG_LEVEL: 'info',
});
const userDir = mkdtempSync(join(tmpdir(), 'bench-web-chromium-'));
const debugPort = await freePort();
const browser = await chromium.launchPersistentContext(userDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // nginx's certificate is a throw-away self-signed one (e2e/src/nginx.ts).
    '--ignore-certificate-errors',
    `--remote-debugging-port=${debugPort}`,
  ],
});

type Row = {
  page: string;
  preset: string;
  via: string;
  perf: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  a11y: number;
};
const rows: Row[] = [];
let nginx: Nginx | null = null;
try {
  if (vias.includes('nginx')) {
    nginx = await startNginx(new URL(portal.url).host);
  }
  const session = await apiLogin(portal, '13800000001');
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${portal.url}${path}`, {
      method: 'POST',
      headers: { token: session.token, source: '1', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (json.code !== 0) {
      throw new Error(`${path}: ${json.message}`);
    }
    return json.data;
  };
  const firstId = async (tn: string) =>
    (await api<{ data: { _id: string }[] }>('/api/search', { tn, psort: 'new', page: 1, page_size: 3 }))
      .data[0]!._id;
  const reportId = await firstId('report');
  const analysisId = await firstId('insight');
  // A folder with a few items in it, as a reader's would be.
  const folders = await api<{ data: { id: number; name: string }[] }>('/api/user/favorite/list', {
    tn: 'all',
  });
  const folder = folders.data[0]!;
  const reports = await api<{ data: { _id: string }[] }>('/api/search', {
    tn: 'report',
    psort: 'hot',
    page: 1,
    page_size: 6,
  });
  for (const item of reports.data) {
    await api('/api/user/favorite', {
      favorite_id: folder.id,
      data_id: item._id,
      data_type: CONTENT_INDEXES.report,
      status: 1,
    });
  }

  const { home, search, headlines, report_list, organisations } = LIST_SCREENS;
  const pages: Record<string, string | undefined> = {
    login: '/login',
    home,
    search,
    headlines,
    report_list,
    report_detail: `/report/report_details/${reportId}`,
    topic_detail: `/analysis/analysis_details/${analysisId}`,
    favourites_folder: `/collection/collection_details/${folder.id}`,
    organisations,
  };
  const chosen = values.pages ? values.pages.split(',') : Object.keys(pages);

  // The cookies the web client keeps for a session (as e2e/src/browser.ts useSession). A cookie
  // belongs to the host, not the port: set once, nginx's origin sends it too.
  const signIn = () => browser.addCookies(sessionCookies(session, portal.url));
  await signIn();

  for (const via of vias) {
    const base = via === 'nginx' && nginx ? nginx.url : portal.url;
    for (const preset of presets) {
      for (const name of chosen) {
        const path = pages[name];
        if (!path) {
          throw new Error(`unknown page ${name}; pages: ${Object.keys(pages).join(', ')}`);
        }
        const results: Row[] = [];
        for (let run = 0; run < runs; run++) {
          const flags: Flags = {
            port: debugPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            throttlingMethod,
          };
          // The login page with a session would redirect home: measure it signed out.
          const signedOut = name === 'login';
          if (signedOut) {
            await browser.clearCookies();
          }
          // On a loaded machine Lighthouse now and then loses the trace's navigation start
          // (NO_NAVSTART): that run is repeated, up to twice.
          let result: Awaited<ReturnType<typeof lighthouse>>;
          for (let attempt = 0; ; attempt++) {
            result = await lighthouse(
              `${base}${path}`,
              flags,
              preset === 'desktop' ? desktopConfig : undefined,
            );
            if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === 2) {
              break;
            }
            console.error(`${via} ${preset} ${name}: no navigation start in the trace, once more`);
          }
          if (signedOut) {
            await signIn();
          }
          const lhr = result?.lhr;
          if (!lhr) {
            throw new Error(`${name}: Lighthouse returned nothing`);
          }
          if (lhr.runtimeError) {
            throw new Error(`${name}: ${lhr.runtimeError.message}`);
          }
          if (values.json) {
            mkdirSync(values.json, { recursive: true });
            const file = `${name}-${preset}${via === 'direct' ? '' : `-${via}`}-${run}.json`;
            writeFileSync(join(values.json, file), JSON.stringify(lhr));
          }
          if (values.traces && result?.artifacts.Trace) {
            mkdirSync(values.traces, { recursive: true });
            const file = `${name}-${preset}${via === 'direct' ? '' : `-${via}`}-${run}.trace.json`;
            writeFileSync(join(values.traces, file), JSON.stringify(result.artifacts.Trace));
          }
          results.push(rowOf(name, preset, via, lhr));
          const landed = lhr.finalDisplayedUrl.replace(base, '');
          if (!signedOut && landed.startsWith('/login')) {
            throw new Error(`${name}: landed on ${landed} — the session did not hold`);
          }
        }
        rows.push(median(results));
        const r = rows.at(-1)!;
        console.error(
          `${via} ${preset} ${name}: perf ${r.perf}, LCP ${r.lcp} ms, TBT ${r.tbt} ms, CLS ${r.cls}, a11y ${r.a11y}`,
        );
      }
    }
  }
} catch (error) {
  console.error(portal.log().split('\n').slice(-40).join('\n'));
  throw error;
} finally {
  await nginx?.stop();
  await browser.close();
  await stopPortal(portal);
  rmSync(userDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

function rowOf(page: string, preset: string, via: string, lhr: Result): Row {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    page,
    preset,
    via,
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    bytes: Math.round(audit('total-byte-weight')),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
  };
}

/** Each figure's own median over the runs (odd run counts give a real middle value). */
function median(results: Row[]): Row {
  const mid = <K extends keyof Row>(key: K) => {
    const sorted = results.map((r) => r[key] as number).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    page: results[0]!.page,
    preset: results[0]!.preset,
    via: results[0]!.via,
    perf: mid('perf'),
    lcp: mid('lcp'),
    tbt: mid('tbt'),
    cls: mid('cls'),
    bytes: mid('bytes'),
    a11y: mid('a11y'),
  };
}

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(
  `\nLighthouse 12.2.3, ${new Date().toISOString().slice(0, 10)}, load average ${load}, median of ${runs}, throttling: ${throttlingMethod}\n`,
);
console.log('| page | preset | via | performance | LCP | TBT | CLS | transferred | accessibility |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.preset} | ${r.via === 'nginx' ? 'nginx (h2, TLS)' : 'direct'} | ${r.perf} | ${(r.lcp / 1000).toFixed(2)} s | ${r.tbt} ms | ${r.cls} | ${(r.bytes / 1024).toFixed(1)} KiB | ${r.a11y} |`,
  );
}
