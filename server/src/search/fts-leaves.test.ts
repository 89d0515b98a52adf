import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, SQLITE_PAGE_BYTES } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const FTS_TABLES = ['search_fts', 'search_title_fts', 'search_recent_fts', 'search_page_fts'];
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The page size of the file and each FTS5 table's leaf size (`pgsz`; FTS5's default when unset). */
function layout(file: string): { page: number; leaves: number[] } {
  const db = new SQLite(file, { readonly: true });
  try {
    const page = db.pragma('page_size', { simple: true }) as number;
    const leaves = FTS_TABLES.map(
      (table) =>
        (db.prepare(`SELECT v FROM ${table}_config WHERE k = 'pgsz'`).pluck().get() as number) ?? 4050,
    );
    return { page, leaves };
  } finally {
    db.close();
  }
}

async function migrate(file: string): Promise<void> {
  const db = createDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  await db.close();
}

it('a new SQLite file gets 16 KiB pages and FTS5 leaves that fill one', async () => {
  dir = mkdtempSync(join(tmpdir(), 'fts-leaves-'));
  const file = join(dir, 'portal.db');
  await migrate(file);
  const leaf = SQLITE_PAGE_BYTES - 46;
  expect(layout(file)).toEqual({ page: SQLITE_PAGE_BYTES, leaves: FTS_TABLES.map(() => leaf) });
});

it('a file made with 4 KiB pages keeps them, and its leaves keep FTS5’s size for them', async () => {
  dir = mkdtempSync(join(tmpdir(), 'fts-leaves-'));
  const file = join(dir, 'portal.db');
  const old = new SQLite(file);
  old.pragma('journal_mode = WAL');
  old.exec('CREATE TABLE made_before (id INTEGER PRIMARY KEY)');
  old.close();
  await migrate(file);
  expect(layout(file)).toEqual({ page: 4096, leaves: FTS_TABLES.map(() => 4050) });
});
