import { API, type TEndpoint } from '@portal/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/testApp.ts';

/**
 * The routes Fastify registered, as `METHOD path` lines, read from `printRoutes`' tree (each line
 * is a path segment under the line above it at one level less of indentation).
 */
function registeredRoutes(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S*)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) {
      continue;
    }
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD')) {
      found.push(`${method} ${path}`);
    }
  }
  return found;
}

const repoRoot = new URL('../../..', import.meta.url).pathname;

/** Source files of the server and the web app: not tests, nor the fixtures tests run. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec|fixture)\.tsx?$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('/test/'));
}

const mapped = (Object.values(API) as Record<string, TEndpoint>[]).flatMap((domain) =>
  Object.values(domain).map((endpoint) => `${endpoint.method} ${endpoint.path}`),
);

describe('the typed route map (issue 17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every optional route on: the OpenAPI document is registered only when OPENAPI is set.
    t = await buildTestApp('sqlite', { seed: false, env: { OPENAPI: 'admin' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds every /api route the server registers, with its method', () => {
    const unmapped = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.split(' ')[1]!.startsWith('/api/') && !mapped.includes(route),
    );
    expect(unmapped).toEqual([]);
  });

  it('names only routes the server answers', () => {
    const unknown = mapped.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return !t.app.hasRoute({ method: method as 'GET', url });
    });
    expect(unknown).toEqual([]);
  });
});

describe('API paths are written once, in the contract (issue 17)', () => {
  it('no server or web source file writes an /api/… path of its own', () => {
    const offenders = ['server/src', 'web/src'].flatMap((dir) =>
      sourceFiles(join(repoRoot, dir)).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          // A quoted path that starts with /api/ and a name ('/api/…', "/api/…" or `/api/…`), or the
          // one API path outside /api (/wxqrcode) — in code, not in a comment naming the call.
          .filter(
            ({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /['"`]\/(api\/[A-Za-z_]|wxqrcode)/.test(line),
          )
          .map(({ index }) => `${relative(repoRoot, file)}:${index + 1}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
