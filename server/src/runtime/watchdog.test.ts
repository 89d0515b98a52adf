import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const WATCHDOG = JSON.stringify(new URL('./watchdog.ts', import.meta.url).href);
const cwd = fileURLToPath(new URL('.', import.meta.url));

// Each case runs in a fresh process whose main thread then stops answering (Atomics.wait blocks
// it as a native deadlock would): only the watchdog thread can still act.
const BLOCK_MAIN_THREAD = (ms: number) =>
  `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});`;

it('logs the start-up step that is taking long, even while the main thread is stuck', () => {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { startWatchdog } = await import(${WATCHDOG});
       const watchdog = startWatchdog({ stallLogMs: 200 });
       watchdog.step('seeding demo insight topics');
       ${BLOCK_MAIN_THREAD(1500)}
       watchdog.stepDone();`,
    ],
    { cwd, encoding: 'utf8', timeout: 20_000 },
  );
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines[0]).toMatchObject({
    level: 40,
    msg: expect.stringMatching(/^still seeding demo insight topics after \d+ s$/),
  });
});

it('kills a process that has not exited in time, whatever its main thread is doing', () => {
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { startWatchdog } = await import(${WATCHDOG});
       startWatchdog().exitWithin(300);
       ${BLOCK_MAIN_THREAD(30_000)}`,
    ],
    { cwd, encoding: 'utf8', timeout: 20_000 },
  );
  expect(r.signal).toBe('SIGKILL');
  expect(Date.now() - started).toBeLessThan(15_000);
});

it('kills a process whose parent is gone', async () => {
  // The parent starts a child that watches for its parent's end and then blocks; the parent exits.
  const parent = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { spawn } from 'node:child_process';
       const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ${JSON.stringify(
         `const { startWatchdog } = await import(${WATCHDOG});
          startWatchdog().exitWhenOrphaned(200);
          process.stdout.write('watching');
          ${BLOCK_MAIN_THREAD(30_000)}`,
       )}], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
       child.stdout.once('data', () => { console.log(child.pid); process.exit(0); });`,
    ],
    { cwd, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => parent.once('exit', resolve));
  const orphan = Number(output.trim());
  expect(orphan).toBeGreaterThan(0);

  const alive = () => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${orphan}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 5_000;
  while (alive() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const survived = alive();
  if (survived) {
    process.kill(orphan, 'SIGKILL');
  }
  expect(survived).toBe(false);
});
