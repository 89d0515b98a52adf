import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildImportGraph, findCycles, findLayerViolations, type ImportGraph } from './import-graph.ts';
import { SERVER_LAYERS } from './layers.ts';

const serverSrc = join(import.meta.dirname, '..');

/** Production code only: a test may reach across layers to set up what it checks. */
function productionGraph(): ImportGraph {
  return new Map([...buildImportGraph(serverSrc)].filter(([file]) => !file.endsWith('.test.ts')));
}

describe('server module seams (issue 17)', () => {
  const graph = productionGraph();

  it('reads the whole server', () => {
    // A walk that found nothing would pass every rule below.
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('app.ts')).toContain('modules/users/users.service.ts');
  });

  it('has no import circle in server/src', () => {
    expect(findCycles(buildImportGraph(serverSrc))).toEqual([]);
  });

  it('never imports upwards: db, platform, search, ingest and http know nothing of modules', () => {
    expect(findLayerViolations(graph, SERVER_LAYERS)).toEqual([]);
  });

  it('names the users tables only in the users module (and the migrations that made them)', () => {
    const named = [...graph.keys()].filter(
      (file) =>
        !file.startsWith('modules/users/') &&
        !file.startsWith('db/migrations/') &&
        namesUsersTable(readFileSync(join(serverSrc, file), 'utf8')),
    );
    expect(named).toEqual([]);
  });
});

/** A query on `users` or `user_roles`, through the builder or in raw SQL. */
function namesUsersTable(source: string): boolean {
  return (
    /\b(selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|updateTable|insertInto|deleteFrom)\(\s*['"`](users|user_roles)\b/.test(
      source,
    ) || /\b(from|join|update|into)\s+"?(users|user_roles)\b/i.test(source)
  );
}

describe('namesUsersTable', () => {
  it('sees builder and raw SQL queries on users, not other mentions', () => {
    expect(namesUsersTable(".innerJoin('users as u', 'u.id', 'f.user_id')")).toBe(true);
    expect(namesUsersTable("k.updateTable('user_roles')")).toBe(true);
    expect(namesUsersTable('sql`SELECT id FROM users WHERE phone = ${p}`')).toBe(true);
    expect(namesUsersTable(".innerJoin(userDirectory(k).as('u'), 'u.id', 'f.user_id')")).toBe(false);
    expect(namesUsersTable("const TABLES = ['sessions', 'users'];")).toBe(false);
  });
});

describe('the import-graph checks catch real violations', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    'db/database.ts',
    "import type { User } from '../modules/users/users.repo.ts';\nexport const x = 1;\n",
  );
  write(
    'modules/users/users.repo.ts',
    "import { x } from '../../db/database.ts';\nexport type User = { x: 1 };\n",
  );
  write('modules/a/a.ts', "export { b } from './b.ts';\nexport const a = 1;\n");
  write('modules/a/b.ts', "export const b = async () => (await import('./c.ts')).c;\n");
  write('modules/a/c.ts', "import { a } from './a.ts';\nexport const c = a;\n");
  write('modules/a/leaf.ts', "import { z } from 'zod';\nexport const leaf = z;\n");
  const graph = buildImportGraph(root);

  it('finds circles through type-only imports, re-exports and import()', () => {
    expect(findCycles(graph)).toEqual([
      ['db/database.ts', 'modules/users/users.repo.ts'],
      ['modules/a/a.ts', 'modules/a/b.ts', 'modules/a/c.ts'],
    ]);
  });

  it('reports a lower layer importing a module, and leaves packages out', () => {
    expect(findLayerViolations(graph, SERVER_LAYERS)).toEqual([
      'db/database.ts → modules/users/users.repo.ts',
    ]);
    expect(graph.get('modules/a/leaf.ts')).toEqual([]);
  });
});
