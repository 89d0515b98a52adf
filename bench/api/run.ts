/**
 * `npm run bench:api`: HTTP throughput of the real server on this machine, as ratios against a
 * baseline measured in the same run (the machine is shared and noisy; absolute numbers drift).
 *
 * Starts the portal (fresh data folder, demo content), logs in through the API, then drives each
 * scenario with autocannon (50 connections, 10 s by default) from this process while the server
 * runs in its own process — the two share the machine's cores, as a client and a server would.
 *   --seconds N      duration per scenario (default 10)
 *   --connections N  concurrent connections (default 50)
 *   --workers N      server processes (default: the portal's own, one per core)
 *   --only WORDS     run the baseline and the scenarios whose name contains WORDS
 */
import { parseArgs } from 'node:util';
import { apiLogin } from '../../e2e/src/browser.ts';
import { startPortal } from '../../e2e/src/server.ts';
import { assertRendered, pageHeaders } from '../web/page-portal.ts';
import { drive } from './drive.ts';
import { waitReady } from './ready.ts';
import { scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    workers: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

// LOG_LEVEL stays at the production default (info): the login code is read from that log.
// An empty WORKERS is the portal's default (one process per core), as `npm start` runs it.
// A loaded machine can take minutes to generate the 60 demo PDFs.
const portal = await startPortal(
  { DEMO_REPORTS: '60', WORKERS: values.workers },
  { startTimeoutMs: 300_000 },
);
const chosen = scenarios.filter((s, i) => i === 0 || s.name.includes(values.only));
try {
  await waitReady(portal.url);
  const session = await apiLogin(portal, '13800000001');
  console.log(
    `bench:api — ${connections} connections, ${duration} s per scenario, ${values.workers || 'default'} workers, server at ${portal.url}\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | non-2xx | vs baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  let baseline = 0;
  for (const s of chosen) {
    if (s.page) {
      assertRendered(
        s.path,
        await (await fetch(portal.url + s.path, { headers: pageHeaders(session.token) })).text(),
      );
    }
    const r = await drive(portal.url, session.token, s, { connections, duration });
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
