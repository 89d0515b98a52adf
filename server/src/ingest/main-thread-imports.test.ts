import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Runs an ES module script in a fresh process under tsx (this test runner has loaded pdf.js and canvas already). */
function runFresh(script: string): string {
  try {
    return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: here,
      encoding: 'utf8',
    });
  } catch (error) {
    // Once in ~3,000 runs the child ended without a word (a local run on 2026-12-03, not
    // reproduced in 90 more): say how it ended and what it printed, so the next one can be told apart.
    const { status, signal, stdout, stderr } = error as {
      status: number | null;
      signal: string | null;
      stdout?: string;
      stderr?: string;
    };
    throw new Error(
      `the fresh process ended with status ${status}, signal ${signal}; stdout: ${stdout ?? ''}; stderr: ${stderr ?? ''}`,
      { cause: error },
    );
  }
}

const urls = (paths: string[]) => JSON.stringify(paths.map((path) => new URL(path, import.meta.url).href));

// Whether the calling thread's module loader has loaded @napi-rs/canvas (each thread has its own).
const CANVAS_LOADED = `
  const { createRequire } = await import('node:module');
  const canvasLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes('@napi-rs/canvas'));
`;

// pdf.js's legacy build replaces built-ins of the thread that loads it (JSON.stringify becomes
// ~8× slower on Node 20). Everything the server's main thread imports for PDFs must leave it
// to the worker. And @napi-rs/canvas belongs to that worker alone: a first start once hung for
// good drawing a demo poster on the main thread while the PDF worker held the same addon.
it('the server-side ingest, demo and start-up modules load neither pdf.js nor canvas into the main thread', () => {
  const modules = urls([
    './ingest-pdf.ts',
    './page-files.ts',
    './pdf-worker-runner.ts',
    '../demo/pdf/ingest-demo-reports.ts',
    '../demo/content/seed-demo-content.ts',
    '../demo/organisations/seed-demo-organisations.ts',
    '../runtime/prepare-database.ts',
    '../runtime/serve.ts',
    '../runtime/cluster.ts',
  ]);
  const output = runFresh(`
    ${CANVAS_LOADED}
    const stringify = JSON.stringify, push = Array.prototype.push;
    for (const url of ${modules}) await import(url);
    process.stdout.write(JSON.stringify({
      builtIns: JSON.stringify === stringify && Array.prototype.push === push && !('pdfjsLib' in globalThis),
      canvas: canvasLoaded(),
    }));
  `);
  expect(JSON.parse(output)).toEqual({ builtIns: true, canvas: false });
});

it('demo posters and logos are drawn by the PDF worker thread, not the main thread', () => {
  const output = runFresh(`
    ${CANVAS_LOADED}
    const { PdfWorkerRunner } = await import(${JSON.stringify(new URL('./pdf-worker-runner.ts', import.meta.url).href)});
    const runner = new PdfWorkerRunner();
    const poster = await runner.drawDemoImage({ kind: 'poster', width: 120, height: 80, title: '洞察专题', colors: ['#f96007', '#ffb347'] });
    const logo = await runner.drawDemoImage({ kind: 'logo', name: '宁德时代', colors: ['#1677ff', '#69b1ff'], size: 64 });
    await runner.close();
    const png = (b) => Buffer.from(b.subarray(1, 4)).toString('latin1') === 'PNG';
    process.stdout.write(JSON.stringify({ poster: png(poster), logo: png(logo), canvas: canvasLoaded() }));
  `);
  expect(JSON.parse(output)).toEqual({ poster: true, logo: true, canvas: false });
});

it('the check above notices canvas loaded on the main thread', () => {
  const output = runFresh(`
    ${CANVAS_LOADED}
    const { drawDemoImage } = await import(${JSON.stringify(new URL('../demo/content/demo-image.ts', import.meta.url).href)});
    await drawDemoImage({ kind: 'logo', name: '测试', colors: ['#1677ff', '#69b1ff'], size: 32 });
    process.stdout.write(String(canvasLoaded()));
  `);
  expect(output).toBe('true');
});
