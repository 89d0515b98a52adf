#!/usr/bin/env node
// Prints, after `vite build`, the gzipped JavaScript each route's first screen loads: the entry
// and its static imports, plus the route's lazy chunks (layout and page) and their static
// imports, read from Vite's manifest. The login route is held to 100 KiB, every other first
// screen to 180 KiB (DESIGN.md "The first screen is light"); over budget prints a warning,
// it does not fail the build.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// `node scripts/report-sizes.mjs [dist]`: another build's output (a benchmark's copy) or web/dist.
const DIST = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LOGIN_ROUTE = '/login';
const LOGIN_BUDGET_KIB = 100;
const SCREEN_BUDGET_KIB = 180;
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

const readJson = (file) => JSON.parse(readFileSync(join(DIST, file), 'utf8'));
const manifest = readJson('.vite/manifest.json');
const { routes } = readJson('.vite/route-table.json');

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Output files a manifest chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest; is src/app/routeTable.ts out of date?`);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files, seen);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
const entryFiles = staticClosure(entryKey);
const kib = (bytes) => bytes / 1024;
const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);

console.log(`\nFirst-screen JavaScript per route (gzip; entry ${kib(sum(entryFiles)).toFixed(1)} KiB):`);
const width = Math.max(...routes.map((route) => route.path.length));
let warnings = 0;
for (const route of routes) {
  const files = new Set(entryFiles);
  for (const module of route.modules) staticClosure(module, files);
  const size = kib(sum(files));
  const budget = route.path === LOGIN_ROUTE ? LOGIN_BUDGET_KIB : SCREEN_BUDGET_KIB;
  const over = size > budget;
  if (over) warnings += 1;
  const line = `  ${route.path.padEnd(width)}  ${size.toFixed(1).padStart(6)} KiB  ${String(files.size).padStart(2)} files  ${route.layout}`;
  if (route.path === LOGIN_ROUTE) {
    console.log(
      paint(
        over ? '1;31' : '1;32',
        `${line}  ← login budget ${LOGIN_BUDGET_KIB} KiB: ${over ? 'OVER' : 'ok'}`,
      ),
    );
  } else {
    console.log(over ? paint('33', `${line}  over ${SCREEN_BUDGET_KIB} KiB`) : line);
  }
}

const login = routes.find((route) => route.path === LOGIN_ROUTE);
if (login) {
  const files = new Set(entryFiles);
  for (const module of login.modules) staticClosure(module, files);
  const size = kib(sum(files));
  if (size > LOGIN_BUDGET_KIB) {
    console.warn(
      paint(
        '1;31',
        `\nWARNING: ${LOGIN_ROUTE} loads ${size.toFixed(1)} KiB of gzipped JavaScript, over its ${LOGIN_BUDGET_KIB} KiB budget.`,
      ),
    );
  }
}
if (warnings > 0) console.warn(paint('33', `${warnings} route(s) over budget.`));

// antd belongs to the back-office alone (README "Decisions"). Its component styles are all
// built around a `componentCls` token, a name nothing else here uses: a user route whose first
// screen holds it loads antd. The user screens draw icons from their SVG definitions
// (components/icon/Icon.tsx); `@ant-design/icons`' runtime carries its spin animation's name.
const BACK_OFFICE_ONLY = [
  { what: "antd's JavaScript", mark: 'componentCls' },
  { what: "@ant-design/icons' runtime", mark: 'loadingCircle' },
];
for (const { what, mark } of BACK_OFFICE_ONLY) {
  const loadedBy = routes.filter((route) => {
    if (route.layout === 'admin') return false;
    const files = new Set(entryFiles);
    for (const module of route.modules) staticClosure(module, files);
    return [...files].some(
      (file) => file.endsWith('.js') && readFileSync(join(DIST, file), 'utf8').includes(mark),
    );
  });
  if (loadedBy.length > 0) {
    console.warn(
      paint(
        '1;31',
        `\nWARNING: ${what} is loaded by user screens: ${loadedBy.map((r) => r.path).join(', ')}`,
      ),
    );
  } else {
    console.log(
      `${what}: only in the back-office (${routes
        .filter((r) => r.layout === 'admin')
        .map((r) => r.path)
        .join(', ')}); no user screen loads it.`,
    );
  }
}
console.log('');
