import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// pdf.js's legacy build replaces built-ins of the thread that loads it (JSON.stringify becomes
// ~8× slower on Node 20). Everything the server's main thread imports for PDFs must leave it
// to the worker. A fresh process, because this test runner has loaded pdf.js already.
it('the server-side ingest modules do not load pdf.js into the main thread', () => {
  const modules = [
    './ingest-pdf.ts',
    './render-page-image.ts',
    './pdf-worker-runner.ts',
    '../demo/pdf/ingest-demo-reports.ts',
  ].map((path) => new URL(path, import.meta.url).href);
  const script = `
    const stringify = JSON.stringify, push = Array.prototype.push;
    for (const url of ${JSON.stringify(modules)}) await import(url);
    process.stdout.write(String(JSON.stringify === stringify && Array.prototype.push === push && !('pdfjsLib' in globalThis)));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
  });
  expect(output).toBe('true');
});
