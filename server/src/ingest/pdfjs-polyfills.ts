import { runInNewContext } from 'node:vm';

/**
 * pdf.js's legacy build installs core-js polyfills over built-ins of the thread that loads it —
 * among them `Array.prototype.push`, and `JSON.stringify` wrapped with a replacer for every value
 * (several times slower on Node 20) and `JSON.parse` — so the server keeps pdf.js in its PDF
 * worker (pdf-worker.ts). The names of those three that are not the engine's own in this thread:
 * empty where pdf.js was never loaded. Read with another realm's `Function.prototype.toString`,
 * since core-js patches this realm's to call its functions native.
 */
export function polyfilledBuiltins(): string[] {
  const source = runInNewContext('Function.prototype.toString') as (this: unknown) => string;
  const builtins = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
  return Object.entries(builtins)
    .filter(([, fn]) => !source.call(fn).includes('[native code]'))
    .map(([name]) => name);
}
