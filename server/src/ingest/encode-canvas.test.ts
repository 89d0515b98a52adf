import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../..', import.meta.url));
const HELPER = JSON.stringify(new URL('./encode-canvas.ts', import.meta.url).href);

// In a child process: canvas must not load into a test process's main thread (ingest README),
// and a crash must end the child, not the run. Canvases nothing else references, collected while
// they encode: with a bare `canvas.encode('png')` this script dies of a SIGSEGV on every run
// (checked 2026-12-03, @napi-rs/canvas 0.1.100, 3 runs of 3).
const SCRIPT = `
  const { createCanvas } = await import('@napi-rs/canvas');
  const { encodeCanvas } = await import(${HELPER});
  const draw = () => {
    const canvas = createCanvas(800, 800);
    canvas.getContext('2d').fillRect(0, 0, 800, 800);
    return encodeCanvas(canvas, 'png');
  };
  let bytes = 0;
  for (let round = 0; round < 30; round++) {
    const jobs = Array.from({ length: 16 }, draw);
    globalThis.gc();
    for (const png of await Promise.all(jobs)) bytes += png.length;
  }
  process.stdout.write(String(bytes));
`;

it('keeps a canvas alive while it encodes, however soon nothing else refers to it', () => {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
    {
      cwd: SERVER,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(child.signal, child.stderr).toBeNull();
  expect(child.status, child.stderr).toBe(0);
  expect(Number(child.stdout)).toBeGreaterThan(30 * 16 * 100);
});
