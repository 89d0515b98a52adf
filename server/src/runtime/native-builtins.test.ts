import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * pdf.js's legacy build replaces built-ins of the thread that loads it with core-js's
 * (`Array.prototype.push`; `JSON.stringify` wrapped with a replacer for every value, several
 * times slower; `JSON.parse`), so the server keeps it in the PDF worker (ingest/pdf-worker.ts).
 * This loads what the server's main thread loads — in a process of its own, as a test worker
 * may have loaded pdf.js for an earlier file — and checks the built-ins are still the engine's.
 */
describe("the server's main thread", () => {
  it('keeps the engine’s own push, JSON.stringify and JSON.parse (pdf.js stays in its worker)', () => {
    const script = `
      import { runInNewContext } from 'node:vm';
      await import('./src/runtime/serve.ts');
      await import('./src/runtime/cluster.ts');
      // Another realm's toString: core-js also patches this one to call its functions native.
      const source = runInNewContext('Function.prototype.toString');
      const replaced = Object.entries({ push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse })
        .filter(([, fn]) => !source.call(fn).includes('[native code]'))
        .map(([name]) => name);
      console.log(JSON.stringify(replaced));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? 'null')).toEqual([]);
  });
});
