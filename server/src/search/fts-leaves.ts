import { sql, type Kysely } from 'kysely';

/**
 * FTS5 writes its segments as leaf blobs of about `pgsz` bytes, 4,050 by default: one 4 KiB
 * page with room for the row. A file made with larger pages (db/database.ts SQLITE_PAGE_BYTES)
 * gets leaves as large, with the same margin, so a leaf still fills one page; on a 4 KiB file
 * this is the default again. Fewer, fuller leaves are fewer B-tree cells and WAL frames per
 * document written (README "Performance").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function sizeFtsLeaves(db: Kysely<any>, tables: string[]): Promise<void> {
  const { rows } = await sql<{ page_size: number }>`PRAGMA page_size`.execute(db);
  const leaf = Math.trunc(Number(rows[0]?.page_size ?? 4096)) - 46;
  for (const table of tables) {
    await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}, rank) VALUES ('pgsz', ${sql.lit(leaf)})`.execute(
      db,
    );
  }
}
