import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/**
 * FTS5 writes its segments as leaf blobs of about `pgsz` bytes, 4,050 by default: one 4 KiB
 * page with room for the row. A file made with larger pages (db/database.ts SQLITE_PAGE_BYTES)
 * gets leaves as large, with the same margin, so a leaf still fills one page; on a 4 KiB file
 * this is the default again. Fewer, fuller leaves are fewer B-tree cells and WAL frames per
 * document written (README "Performance").
 */
export function ftsLeafBytes(pageBytes: number): number {
  return Math.trunc(pageBytes) - 46;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function sizeFtsLeaves(db: Kysely<any>, tables: string[]): Promise<void> {
  const { rows } = await sql<{ page_size: number }>`PRAGMA page_size`.execute(db);
  const leaf = ftsLeafBytes(Number(rows[0]?.page_size ?? 4096));
  for (const table of tables) {
    await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}, rank) VALUES ('pgsz', ${sql.lit(leaf)})`.execute(
      db,
    );
  }
}

/**
 * Sizes every FTS5 table's leaves to the file's pages, as `sizeFtsLeaves` did when they were
 * made: for a copy written with another page size than its source (a backup, sqlite-backup.ts).
 * Leaves already written keep their size until FTS5 merges them; new ones fill a page.
 */
export function alignFtsLeaves(file: SQLite.Database): void {
  const leaf = ftsLeafBytes(file.pragma('page_size', { simple: true }) as number);
  const tables = file
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'",
    )
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    // A literal: FTS5 takes only an integer, and better-sqlite3 binds a number as a real.
    file.exec(`INSERT INTO ${quoted} (${quoted}, rank) VALUES ('pgsz', ${leaf})`);
  }
}
