import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
});

describe('the import-graph checks catch real violations', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('db/database.ts', "import type { User } from '../modules/users/users.repo.ts';\nexport const x = 1;\n");
  write('modules/users/users.repo.ts', "import { x } from '../../db/database.ts';\nexport type User = { x: 1 };\n");
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
