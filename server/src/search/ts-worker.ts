import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a module URL. Development, tests and the bench run TypeScript
 * through tsx, whose loader does not follow into worker threads (Node 20 ignores `--import` in
 * a worker's execArgv), so a `.ts` worker is started from a two-line bootstrap that registers
 * tsx's ESM hooks in the new thread first. `npm start` runs the build (server/scripts/build.mjs),
 * which rewrites a worker's `.ts` module URL to its compiled `.js` file in server/dist:
 * that starts directly.
 */
export function startWorker(
  moduleUrl: URL,
  workerData: unknown,
  options: Omit<WorkerOptions, 'eval' | 'workerData'> = {},
): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) {
    return new Worker(moduleUrl, { ...options, workerData });
  }
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, workerData });
}

let cachedApiUrl: string | undefined;

/** tsx's `./esm/api` export, resolved from its package.json (require.resolve would pick the CJS build). */
function tsxApiUrl(): string {
  if (cachedApiUrl) {
    return cachedApiUrl;
  }
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = manifest.exports['./esm/api']?.import?.default;
  if (!entry) {
    throw new Error('tsx does not export ./esm/api; cannot start TypeScript worker threads');
  }
  cachedApiUrl = pathToFileURL(join(dirname(packageJson), entry)).href;
  return cachedApiUrl;
}
