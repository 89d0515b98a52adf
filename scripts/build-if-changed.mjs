#!/usr/bin/env node
// Whether `npm run build` is needed: only when what the build reads has changed since the last
// build that finished, so a restart (or a fresh DATA_DIR on the same code) starts at once instead
// of spending ~12 s re-making identical bundles. "Changed" is a SHA-256 over the contents of
// every build input, not file times: a checkout, a copy or a clock step cannot fool it. The hash
// is written beside the server bundle after a build succeeds. `npm start` (scripts/start.mjs)
// uses it; run as a script it builds if needed, `--force` builds anyway (`npm test` does).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** What `npm run build` reads: both workspaces' sources and configs, the contract, the lockfile. */
const INPUTS = [
  'web',
  'server/src',
  'server/scripts',
  'server/package.json',
  'packages/contract',
  'package-lock.json',
  'package.json',
];
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', '.vite']);
const STAMP = join(root, 'server', 'dist', '.build-inputs');
// The web's server-render bundle too: a build from before it lacks it (web/vite.config.ts).
const OUTPUTS = [
  join(root, 'server', 'dist', 'main.js'),
  join(root, 'web', 'dist', 'index.html'),
  join(root, 'web', 'dist-ssr', 'entry-server.js'),
];

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) {
    return [];
  }
  try {
    return readdirSync(full, { withFileTypes: true })
      .filter((e) => !SKIP.has(e.name) && !e.name.startsWith('dist.'))
      .flatMap((e) => files(join(path, e.name)));
  } catch {
    return [path]; // a file
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(relative(root, join(root, file)))
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The hash of the current sources when they differ from the last finished build's, else null. */
export function buildNeeded({ force = false } = {}) {
  const current = inputsHash();
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  return force || built !== current || !OUTPUTS.every((f) => existsSync(f)) ? current : null;
}

/** Records that the build of these sources finished. */
export function recordBuild(hash) {
  writeFileSync(STAMP, `${hash}\n`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const hash = buildNeeded({ force: process.argv.includes('--force') });
  if (hash === null) {
    console.log('build is up to date (sources unchanged since the last build)');
  } else {
    const r = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      process.exit(r.status ?? 1);
    }
    recordBuild(hash);
  }
}
