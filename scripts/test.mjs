#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the end-to-end suite in Chromium when it is installed. A missing PostgreSQL or
// Chromium is a printed skip, or a failure under REQUIRE_PG=1 / REQUIRE_E2E=1 (CI sets both).
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, '.data', 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requirePg = process.env.REQUIRE_PG === '1';
const requireE2e = process.env.REQUIRE_E2E === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
const retried = [];
const failedTests = [];
const problems = [];

/**
 * One vitest run; its JSON report, or null when none was written. The run may dump cores
 * (`ulimit -c unlimited`): a test process that dies of a signal leaves one in the project root
 * (the kernel's default core_pattern, `core`), read by nativeStacksOfCrashes.
 */
function vitestRun(title, projects, env, files = []) {
  const file = join(outDir, `${title.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...files];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  console.log(`\n▶ ${title}`);
  const r = spawnSync('bash', ['-c', 'ulimit -c unlimited 2>/dev/null; exec "$@"', 'bash', 'npx', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  return { ok: r.status === 0, exit: r.status ?? r.signal, report };
}

function count(report) {
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A test that passed on its second try (the e2e project retries once) still carries the
  // first try's error: name it, so a flaky test is seen and fixed rather than hidden.
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      if (t.status === 'passed' && t.failureMessages.length > 0) {
        retried.push(`${t.fullName}\n    first try: ${t.failureMessages[0].split('\n')[0]}`);
      }
      // Named again at the very end: CI keeps only the tail of the output, where the failure
      // printed mid-run by the default reporter may have scrolled away.
      if (t.status === 'failed') {
        const where = relative(root, file.name);
        failedTests.push(`${where} > ${t.fullName}\n    ${firstLines(t.failureMessages[0] ?? '')}`);
      }
    }
  }
}

/** The head of an error: its message and the first frame inside the project. */
function firstLines(message) {
  const lines = message.split('\n');
  const frame = lines.find((l) => l.includes(root) && !l.includes('node_modules'));
  return [lines[0], frame?.trim()].filter(Boolean).join('\n    ');
}

const coreFiles = () =>
  readdirSync(root)
    .filter((name) => /^core(\.\d+)?$/.test(name))
    .map((name) => join(root, name));

/**
 * vitest reports a test process killed by a signal only as "Worker exited unexpectedly" (a
 * `process.exit` it names itself). Seen twice in CI, never reproduced: print the native stack
 * of each core such a death left, so the next one says where it crashed, then remove the core.
 */
function nativeStacksOfCrashes() {
  for (const core of coreFiles()) {
    console.log(`\n▶ native stack of a crashed test process (${relative(root, core)})`);
    const gdb = spawnSync('gdb', ['-batch', '-ex', 'info threads', '-ex', 'bt 30', process.execPath, core], {
      stdio: 'inherit',
    });
    if (gdb.error) console.log(`(gdb could not run: ${gdb.error.message})`);
    rmSync(core, { force: true });
  }
}

function vitest(title, projects, env = {}) {
  for (const core of coreFiles()) rmSync(core, { force: true });
  const first = vitestRun(title, projects, env);
  nativeStacksOfCrashes();
  if (!first.report) {
    problems.push(`${title} failed (exit ${first.exit})`, `${title}: no test report was written`);
    return;
  }
  let ok = first.ok;
  // A test process that dies (a crash in native code, seen once in a CI run) fails the run with
  // no failed test, and its file reports every test as not run. Such files run once more, and
  // are named below with the passes on a second try, so the crash is seen rather than hidden.
  const died = first.report.testResults
    .filter((f) => f.assertionResults.length > 0 && f.assertionResults.every((t) => t.status === 'pending'))
    .map((f) => relative(root, f.name));
  if (!ok && first.report.numFailedTests === 0 && died.length > 0) {
    const again = vitestRun(`${title}: again, the files whose test process died`, projects, env, died);
    nativeStacksOfCrashes();
    if (again.report) {
      count(again.report);
      ok = again.ok;
      if (again.ok) {
        retried.push(...died.map((f) => `${f}\n    first try: its test process exited unexpectedly`));
      }
    }
  }
  count(first.report);
  if (!ok) problems.push(`${title} failed (exit ${first.exit})`);
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (e) {
    console.log(`PostgreSQL at TEST_DATABASE_URL is not reachable: ${e.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Commands at once, each one's output printed whole when it ends (so two never interleave): the
 * type check and the linters are one thread each, and on two cores they took 73 s + 59 s one
 * after the other, 94 s together (2026-12-02). Whether each one exited with 0, by title.
 */
async function runTogether(steps) {
  const passed = await Promise.all(
    steps.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (chunk) => out.push(chunk));
          child.stderr.on('data', (chunk) => out.push(chunk));
          let ended = false;
          const done = (failure) => {
            if (ended) return;
            ended = true;
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(out));
            if (failure) problems.push(`${title} failed (${failure})`);
            resolve(!failure);
          };
          // A command that cannot start emits 'error' and may never emit 'close'.
          child.on('error', (error) => done(error.message));
          child.on('close', (code, signal) => done(code === 0 ? null : `exit ${code ?? signal}`));
        }),
    ),
  );
  return new Map(steps.map(([title], i) => [title, passed[i]]));
}

const e2e = existsSync(chromium);
// The web build (for the e2e suite) beside them: it needs a core for ~20 s, which the two
// single-threaded checks leave partly idle. Through the build check, so the record it keeps lets
// the e2e suite's portals (e2e/src/server.ts) and `npm start` runs skip a rebuild of the same sources.
const checks = await runTogether([
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ...(e2e ? [['build web', 'node', ['scripts/build-if-changed.mjs', '--force']]] : []),
]);

let pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl && !(await postgresReachable(pgUrl))) pgUrl = undefined;
if (!pgUrl) {
  const why = process.env.TEST_DATABASE_URL ? 'it is unreachable' : 'TEST_DATABASE_URL is not set';
  console.log(`\n⚠ PostgreSQL tests skipped because ${why}.`);
  if (requirePg) problems.push(`REQUIRE_PG=1 but PostgreSQL tests cannot run: ${why}`);
}
const dbEnv = pgUrl ? { TEST_DATABASE_URL: pgUrl } : { TEST_DATABASE_URL: '' };
vitest('unit and API tests', ['contract', 'server', 'web'], dbEnv);

if (e2e) {
  if (checks.get('build web')) vitest('end-to-end (Chromium)', ['e2e'], { CHROMIUM_PATH: chromium });
  else console.log('\n⚠ End-to-end tests not run: the web build failed (above).');
} else {
  console.log(
    `\n⚠ End-to-end tests skipped because Chromium is not installed at ${chromium} (apt-get install chromium).`,
  );
  if (requireE2e) problems.push('REQUIRE_E2E=1 but Chromium is missing');
}

console.log('');
if (failedTests.length > 0) console.log(`failed (${failedTests.length}):\n  ${failedTests.join('\n  ')}\n`);
for (const p of problems) console.log(`✗ ${p}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (retried.length > 0) {
  console.log(`passed only on the second try (${retried.length}):\n  ${retried.join('\n  ')}`);
}
process.exit(problems.length || totals.failed ? 1 : 0);
