#!/usr/bin/env node
// `npm run build --workspace server`: bundles the server, its worker threads and its command-line
// scripts into server/dist/*.js with esbuild (about a second), so `npm start` runs plain
// JavaScript; `npm run dev` and the tests keep running the TypeScript through tsx.
//
// Packages from node_modules stay external (native addons, pdf.js's own files); the workspace
// contract is bundled, because it is published as TypeScript source. Every output file lands
// directly in server/dist — the same depth below the repository as server/src — and each
// `new URL('<relative path>', import.meta.url)` in the sources is rewritten to the path of the
// same file as seen from server/dist: a worker entry's becomes its compiled `<name>.js`, any
// other file (the web app, public/, the built-in privacy policy text) the original file.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(serverDir, 'dist');

/** Output name → source entry. Worker threads and scripts are entries of their own. */
export const ENTRIES = {
  main: 'src/main.ts',
  'pdf-worker': 'src/ingest/pdf-worker.ts',
  'sqlite-reader-worker': 'src/search/sqlite-reader-worker.ts',
  'feed-parse-worker': 'src/modules/feeds/feed-parse-worker.ts',
  'sqlite-checkpoint-worker': 'src/db/sqlite-checkpoint-worker.ts',
  'import-pdfs': 'src/scripts/import-pdfs.ts',
  digest: 'src/scripts/digest.ts',
  feeds: 'src/scripts/feeds.ts',
  outbox: 'src/scripts/outbox.ts',
};

const outputOf = new Map(
  Object.entries(ENTRIES).map(([name, src]) => [resolve(serverDir, src), `${name}.js`]),
);

const NEW_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*,\s*import\.meta\.url\s*\)/g;

/** Rewrites `new URL('./x', import.meta.url)` to hold from server/dist (see the top of this file). */
export function rewriteRelativeUrls(source, file) {
  return source.replace(NEW_URL, (_match, quote, path) => {
    const target = resolve(dirname(file), path);
    const entry = outputOf.get(target);
    let fromDist = entry ? `./${entry}` : relative(outDir, target).split(sep).join('/');
    if (!fromDist.startsWith('.')) {
      fromDist = `./${fromDist}`;
    }
    if (path.endsWith('/') && !fromDist.endsWith('/')) {
      fromDist += '/';
    }
    if (!entry && !existsSync(target)) {
      throw new Error(`${file}: ${path} does not exist`);
    }
    if (!entry && /\.[cm]?ts$/.test(target)) {
      // A compiled server must not fall back to running TypeScript: name the worker in ENTRIES.
      throw new Error(
        `${file}: ${path} is TypeScript but not a build entry (ENTRIES in server/scripts/build.mjs)`,
      );
    }
    return `new URL(${quote}${fromDist}${quote}, import.meta.url)`;
  });
}

const portalPlugin = {
  name: 'portal',
  setup(b) {
    // Bare imports stay imports of node_modules, except the contract (TypeScript source).
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') || args.path.startsWith('node:') ? undefined : { external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: rewriteRelativeUrls(source, args.path), loader: 'ts' };
    });
  },
};

/**
 * Builds into a fresh folder beside server/dist and then swaps it in, so a server running from
 * server/dist (which loads worker entries and lazy chunks later) never meets a half-written
 * build when `npm run digest` or a second `npm start` builds again.
 */
export async function buildServer() {
  const started = performance.now();
  const fresh = `${outDir}.new-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: ENTRIES,
    outdir: fresh,
    bundle: true,
    splitting: true,
    // Shared chunks sit beside the entries: one directory, so rewritten relative paths hold for all.
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [portalPlugin],
    // Some dependencies are CommonJS; a bundled ESM file has no `require` of its own.
    banner: {
      js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
    },
  });
  await rename(outDir, old).catch(() => undefined);
  // Another build may have swapped its own in meanwhile: it is the same build, keep it.
  await rename(fresh, outDir).catch(() => rm(fresh, { recursive: true, force: true }));
  await rm(old, { recursive: true, force: true });
  const ms = Math.round(performance.now() - started);
  return { ms, warnings: result.warnings.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ms } = await buildServer();
  // stderr: `npm run outbox` and friends print their own results on stdout.
  console.error(`server built to server/dist in ${ms} ms`);
}
