import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server keeps pdf.js, whose legacy build replaces built-ins with slower core-js ones
 * (ingest/pdfjs-polyfills.ts), in its PDF worker. This loads what the server's main thread
 * loads — in a process of its own, as a test worker may have loaded pdf.js for an earlier file —
 * and checks the built-ins are still the engine's.
 */
describe("the server's main thread", () => {
  it('keeps the engine’s own push, JSON.stringify and JSON.parse (pdf.js stays in its worker)', () => {
    const script = `
      await import('./src/runtime/serve.ts');
      await import('./src/runtime/cluster.ts');
      const { polyfilledBuiltins } = await import('./src/ingest/pdfjs-polyfills.ts');
      console.log(JSON.stringify(polyfilledBuiltins()));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? 'null')).toEqual([]);
  });
});
