import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSearchSchema } from './search.schema.ts';
import type { SearchDoc, SearchIndex, SearchQuery } from './search.types.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

const query = (q: Partial<SearchQuery>): SearchQuery => ({ sort: 'relevance', page: 1, pageSize: 20, ...q });

const doc = (id: string, title: string, day: number): SearchDoc => ({
  id,
  type: 'business',
  title,
  body: `${title}的正文。`,
  publishedAt: new Date(Date.UTC(2026, 0, day)),
  hot: 0,
});

/**
 * Readers cache results until the database changes. A cached page must never hide a write:
 * not one made on the reader's own connection, nor one committed by another connection
 * (the reader threads, or a second server process on the same file).
 */
describe('SQLite search result cache', () => {
  let dir = '';
  const opened: { db: Database.Database; index: SearchIndex }[] = [];
  afterEach(async () => {
    for (const { db, index } of opened.splice(0)) {
      await index.close();
      db.close();
    }
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  async function open(file: string, readers: number, create = true) {
    const db = new Database(file);
    if (create) {
      await createSearchSchema(
        new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }),
        'sqlite',
      );
    }
    const index = createSqliteSearchIndex({ db, readers });
    opened.push({ db, index });
    return index;
  }

  it('shows writes of the same connection, on the main thread and in reader threads', async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-cache-'));
    const index = await open(join(dir, 's.db'), 1);
    await index.upsert([doc('a', '储能电站投运', 1)]);
    const browse = query({ types: ['business'], sort: 'new' });
    const ranked = query({ keyword: '储能' });
    expect((await index.search(browse)).hits.map((h) => h.id)).toEqual(['a']);
    expect((await index.search(ranked)).hits.map((h) => h.id)).toEqual(['a']);

    await index.upsert([doc('b', '储能电池出货', 2)]);
    expect((await index.search(browse)).hits.map((h) => h.id)).toEqual(['b', 'a']);
    expect((await index.search(ranked)).hits.map((h) => h.id).sort()).toEqual(['a', 'b']);

    await index.remove(['a']);
    expect((await index.search(browse)).hits.map((h) => h.id)).toEqual(['b']);
    expect((await index.search(ranked)).hits.map((h) => h.id)).toEqual(['b']);
  });

  it('shows writes committed by another connection to the same file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-cache-'));
    const file = join(dir, 's.db');
    const first = await open(file, 0);
    const second = await open(file, 0, false);
    await first.upsert([doc('a', '储能电站投运', 1)]);
    const browse = query({ sort: 'new' });
    expect((await second.search(browse)).hits.map((h) => h.id)).toEqual(['a']);
    await first.upsert([doc('b', '储能电池出货', 2)]);
    expect((await second.search(browse)).hits.map((h) => h.id)).toEqual(['b', 'a']);
    await first.setHot('a', 99);
    expect((await second.search(query({ sort: 'hot' }))).hits.map((h) => h.id)).toEqual(['a', 'b']);
  });
});
