/**
 * `npm run bench:api:profile -- <scenario words>`: where one bench:api call spends the server's
 * CPU. Starts the portal with `--cpu-prof`, drives the matching scenario for a few seconds, stops
 * the server (the profile is written on exit) and prints self time by function and by package.
 *   --seconds N   load duration (default 8)
 *   --top N       functions to list (default 30)
 *   --threads N   also summarise the next N-1 threads' profiles (search readers, PDF worker)
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { apiLogin } from '../../e2e/src/browser.ts';
import { startPortal } from '../../e2e/src/server.ts';
import { drive } from './drive.ts';
import { waitReady } from './ready.ts';
import { scenarios } from './scenarios.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '8' },
    top: { type: 'string', default: '30' },
    threads: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
  },
});
const wanted = positionals.join(' ');
const scenario = scenarios.find((s) => s.name.includes(wanted));
if (!scenario) {
  console.error(
    `no scenario matches "${wanted}"; one of:\n${scenarios.map((s) => '  ' + s.name).join('\n')}`,
  );
  process.exit(2);
}

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number };

/** Folds a V8 CPU profile into self time per function and per package (node_modules name or area). */
function summarise(profile: Profile, top: number, seconds: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  // Only the load window: the last `seconds` before exit (start-up and the demo seed come first).
  const from = profile.endTime - seconds * 1e6;
  let at = profile.endTime - profile.timeDeltas.reduce((a, b) => a + b, 0);
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < from) {
      return;
    }
    const frame = byId.get(id)?.callFrame;
    if (!frame) {
      return;
    }
    total += dt;
    const file = frame.url.replace(/^file:\/\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${file.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + dt);
    const area =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
      (file.includes('/server/src/')
        ? 'server/' + file.split('/server/src/')[1]?.split('/').slice(0, 2).join('/')
        : '');
    const bucket =
      area ||
      (file.startsWith('node:') ? 'node:' + file.slice(5).split('/')[0] : frame.functionName || '(vm)');
    pkg.set(bucket, (pkg.get(bucket) ?? 0) + dt);
  });
  const print = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
    }
  };
  print('self time by package / area', pkg, 25);
  print('self time by function', fn, top);
}

const profDir = mkdtempSync(join(tmpdir(), 'portal-prof-'));
const portal = await startPortal(
  { DEMO_REPORTS: '60' },
  // From source, so the profile names the TypeScript files.
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`], startTimeoutMs: 300_000, fromSource: true },
);
try {
  await waitReady(portal.url);
  const session = await apiLogin(portal, '13800000001');
  const r = await drive(portal.url, session.token, scenario, {
    connections: Number(values.connections),
    duration: Number(values.seconds),
  });
  console.log(`${scenario.name}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`);
} finally {
  await portal.stop();
}
// One profile per thread: the main thread's is the largest; search reader threads follow.
const files = readdirSync(profDir)
  .map((f) => join(profDir, f))
  .sort((a, b) => statSync(b).size - statSync(a).size);
if (!files[0]) {
  throw new Error(`no profile written in ${profDir}`);
}
for (const [i, file] of files.slice(0, Number(values.threads)).entries()) {
  console.log(`\n=== ${i === 0 ? 'main thread' : `thread ${i + 1} by profile size`} (${file})`);
  summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(values.top), Number(values.seconds));
}
