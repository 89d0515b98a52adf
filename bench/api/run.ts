/**
 * `npm run bench:api`: HTTP throughput of the real server on this machine, as ratios against a
 * baseline measured in the same run (the machine is shared and noisy; absolute numbers drift).
 *
 * Starts the portal (fresh data folder, demo content), logs in through the API, then drives each
 * scenario with autocannon (50 connections, 10 s by default) from this process while the server
 * runs in its own process — the two share the machine's cores, as a client and a server would.
 *   --seconds N      duration per scenario (default 10)
 *   --connections N  concurrent connections (default 50)
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { apiLogin } from '../../e2e/src/browser.ts';
import { startPortal } from '../../e2e/src/server.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

type Scenario = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown };

const scenarios: Scenario[] = [
  { name: 'baseline: GET /api/health (db ping)', method: 'GET', path: '/api/health' },
  { name: 'GET /api/menu (auth + small query)', method: 'GET', path: '/api/menu' },
  {
    name: 'search 新能源汽车 (relevance)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', keyword: '新能源汽车' },
  },
  {
    name: 'search 动力电池 宁德时代 (AND)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', keyword: '动力电池 宁德时代' },
  },
  {
    name: 'search 跨境电商 newest',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', keyword: '跨境电商', psort: 'new' },
  },
  {
    name: 'list reports newest (no keyword)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'report', psort: 'new' },
  },
  {
    name: 'list all hot (no keyword)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', psort: 'hot' },
  },
  // Every detail view counts (a write), which also clears the search result caches.
  {
    name: 'report detail (counts a view)',
    method: 'POST',
    path: '/api/detail',
    body: { detail_id: '1', index: 'portal_report' },
  },
];

function run(url: string, token: string, s: Scenario): Promise<autocannon.Result> {
  return autocannon({
    url: url + s.path,
    method: s.method,
    connections,
    duration,
    headers: { token, source: '1', 'content-type': 'application/json' },
    ...(s.body === undefined ? {} : { body: JSON.stringify(s.body) }),
  });
}

// LOG_LEVEL stays at the production default (info): the login code is read from that log.
const portal = await startPortal({ DEMO_REPORTS: '60' });
try {
  const session = await apiLogin(portal, '13800000001');
  console.log(
    `bench:api — ${connections} connections, ${duration} s per scenario, server at ${portal.url}\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | non-2xx | vs baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  let baseline = 0;
  for (const s of scenarios) {
    const r = await run(portal.url, session.token, s);
    if (!baseline) {
      baseline = r.requests.average;
    }
    const ratio = (r.requests.average / baseline).toFixed(2);
    console.log(
      `| ${s.name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${ratio}× |`,
    );
  }
} finally {
  await portal.stop();
}
