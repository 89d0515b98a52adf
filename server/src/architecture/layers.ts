import type { LayerRule } from './import-graph.ts';

/**
 * The server's layers, lowest first (folders under server/src):
 *
 *   db, platform, http, search, ingest  – storage, adapters, HTTP plumbing, the search engine, PDFs
 *   modules                             – one folder per domain (routes → service → repo)
 *   seed                                – first-start accounts, menus, catalogue (through module repos)
 *   app.ts, runtime, scripts, main.ts   – composition roots: build everything, start processes
 *
 * A layer imports only layers below it (and itself). The lower layers are shared by many
 * modules, so a module's change must never ripple into them. `demo` has no rule of its own: it
 * holds both generators that ingest and search draw on (fonts, posters, topics) and the demo
 * library's seeding through module services. `layering.test.ts` enforces these.
 */
const ROOTS = ['runtime', 'scripts', 'app.ts', 'main.ts'] as const;

export const SERVER_LAYERS: readonly LayerRule[] = [
  ...['db', 'platform', 'http', 'search', 'ingest'].map((from) => ({
    from,
    forbidden: ['modules', 'seed', ...ROOTS],
  })),
  { from: 'modules', forbidden: ['seed', ...ROOTS] },
  { from: 'seed', forbidden: ROOTS },
];
