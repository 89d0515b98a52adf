/**
 * `npx tsx bench/api/search-requests-cpu.ts`: CPU microseconds per POST /api/search of bench:api's
 * distinct-query scenario through the whole server in one process — routing, validation, the
 * search service (planning, the engine, page hits, type totals, hit cards, favourites), the
 * reply's JSON — on a test app (SQLite, searches on the calling thread, so no thread hop) with
 * the demo content. What is left of a search once socket I/O and the reader thread's message
 * are taken away; bench/api/search-cpu.ts splits the engine's share by stage.
 *   --reports N   demo reports (default 60, as bench:api)
 *   --queries N   distinct queries per round (default 4,800: the scenario's, pages 1–3)
 *   --rounds N    rounds; the first warms up and is not counted (default 2)
 *   --save FILE / --check FILE   a SHA-256 of each reply body of the first round, one per line
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { polyfilledBuiltins } from '../../server/src/ingest/pdfjs-polyfills.ts';
import { sharedPdfWorker } from '../../server/src/ingest/pdf-worker-runner.ts';
import { login } from '../../server/src/test/login.ts';
import { buildTestApp } from '../../server/src/test/testApp.ts';
import { scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '60' },
    queries: { type: 'string', default: '4800' },
    rounds: { type: 'string', default: '2' },
    save: { type: 'string' },
    check: { type: 'string' },
  },
});

const scenario = scenarios.find((s) => s.name.includes('distinct'));
if (!scenario?.nextBody) {
  throw new Error('bench:api has no distinct-query scenario');
}
const bodies = Array.from({ length: Number(values.queries) }, () => scenario.nextBody?.() as object);

// The demo PDFs are read in the PDF worker (testApp.ts), as the server reads them: pdf.js's
// legacy build would replace this thread's Array.prototype.push, JSON.stringify and JSON.parse
// with core-js's slower ones, and every reply's JSON would pay for it. Checked below.
const t = await buildTestApp('sqlite', { demoReports: Number(values.reports) });
const polyfilled = polyfilledBuiltins();
if (polyfilled.length > 0) {
  throw new Error(
    `this thread runs polyfilled ${polyfilled.join(', ')}: the measure would not be the server’s`,
  );
}
try {
  const { token } = await login(t, '13800000001');
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const hashes: string[] = [];
  let spent = 0;
  let counted = 0;
  for (let round = 0; round < Number(values.rounds); round++) {
    const start = cpu();
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/search', headers: { token }, payload });
      if (res.statusCode !== 200) {
        throw new Error(`search answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      if (round === 0) {
        hashes.push(createHash('sha256').update(res.body).digest('hex'));
      }
    }
    if (round > 0) {
      spent += cpu() - start;
      counted += bodies.length;
    }
  }
  console.log(
    `CPU µs per POST /api/search: ${(spent / counted).toFixed(0)} (${counted} requests, ${bodies.length} distinct, demo library of ${values.reports} reports)`,
  );
  if (values.save) {
    writeFileSync(values.save, hashes.join('\n') + '\n');
    console.log(`saved ${hashes.length} reply hashes to ${values.save}`);
  }
  if (values.check) {
    const saved = readFileSync(values.check, 'utf8').trimEnd().split('\n');
    const differing = hashes.filter((h, i) => h !== saved[i]).length;
    if (saved.length !== hashes.length || differing > 0) {
      console.error(`replies differ from ${values.check}: ${differing} of ${hashes.length}`);
      process.exitCode = 1;
    } else {
      console.log(`all ${hashes.length} replies are byte-identical to ${values.check}`);
    }
  }
} finally {
  await t.close();
  await sharedPdfWorker().close();
}
