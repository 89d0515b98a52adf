/**
 * `npm run bench:startup [-- --runs N] [--build] [--reports N]`: the first start on a fresh data
 * folder, timed from launch to the first 200 from /api/ready (set-up done, demo library seeded).
 *
 * Without --build it launches the compiled server (`node server/dist/main.js`, as `npm start`
 * does after its build; needs `npm run build` first). With --build it launches `npm start`
 * itself after forgetting the last build (`server/dist/.build-inputs`), so the web and server
 * builds are part of the time, as on a fresh clone; with --npm-start it launches `npm start` as
 * a user does, which builds only when the sources changed. Each run gets a new empty
 * DATA_DIR and a free port; the server's `seeded … in N s` lines are printed so the time can be
 * read per part. As a baseline in the same run, a second start on the data folder the first
 * run left (nothing to seed) is timed too: the cold start's cost over a warm one is the seed's.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from '../search/stats.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    build: { type: 'boolean', default: false },
    'npm-start': { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const ROOT = new URL('../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Launches the portal on `dataDir`, resolves with the seconds until /api/ready answered 200. */
async function timeStart(
  dataDir: string,
  how: 'build' | 'npm start' | 'node',
): Promise<{ seconds: number; seeded: string[] }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' };
  if (values.reports !== undefined) {
    env.DEMO_REPORTS = values.reports;
  }
  const [cmd, args] = how === 'node' ? [process.execPath, ['server/dist/main.js']] : ['npm', ['start']];
  const started = performance.now();
  if (how === 'build') {
    // As on a fresh clone: `npm start` finds no record of a build and builds.
    await rm(join(ROOT, 'server/dist/.build-inputs'), { force: true });
  }
  // Own process group, so the npm wrapper and its node child stop together.
  const child = spawn(cmd, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const seeded: string[] = [];
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    let newline = output.indexOf('\n');
    while (newline >= 0) {
      const line = output.slice(0, newline);
      output = output.slice(newline + 1);
      const msg = /"msg":"((?:seeded|demo content ready)[^"]*)"/.exec(line)?.[1];
      if (msg) {
        seeded.push(msg);
      }
      newline = output.indexOf('\n');
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    for (;;) {
      if (exited) {
        throw new Error(`the portal exited before it was ready:\n${output}`);
      }
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`)
        .then((res) => res.status === 200)
        .catch(() => false);
      if (ok) {
        return { seconds: (performance.now() - started) / 1000, seeded };
      }
      if (performance.now() - started > 600_000) {
        throw new Error('not ready after 600 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-(child.pid as number), 'SIGTERM');
      await gone;
    }
  }
}

const runs = Number(values.runs);
const cold: number[] = [];
const warm: number[] = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-startup-'));
  try {
    const first = await timeStart(
      dataDir,
      values.build ? 'build' : values['npm-start'] ? 'npm start' : 'node',
    );
    cold.push(first.seconds);
    console.log(`run ${run}: first start ${first.seconds.toFixed(1)} s`);
    for (const line of first.seeded) {
      console.log(`  ${line}`);
    }
    const again = await timeStart(dataDir, 'node');
    warm.push(again.seconds);
    console.log(`run ${run}: second start (seeded data, no build) ${again.seconds.toFixed(1)} s`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(
  `\n${values.build ? 'npm start (build included)' : values['npm-start'] ? 'npm start (sources unchanged since the last build)' : 'compiled server, web already built'}: ` +
    `first start median ${median(cold).toFixed(1)} s, second start median ${median(warm).toFixed(1)} s, ` +
    `ratio ${(median(cold) / median(warm)).toFixed(1)}×`,
);
