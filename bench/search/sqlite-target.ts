import { Kysely, SqliteDialect } from 'kysely';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteFile } from '../../server/src/db/database.ts';
import { SqliteCheckpointer } from '../../server/src/db/sqlite-checkpoint.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import type { SearchQuery } from '../../server/src/search/search.types.ts';
import { naiveSql } from './naive-scan.ts';
import type { BenchTarget } from './target.ts';

/** A fresh SQLite file with the search schema, searched through two reader threads. */
export async function openSqliteTarget(dir: string, n: number, reuse: boolean): Promise<BenchTarget> {
  const file = join(dir, `search-bench-${n}.db`);
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) {
      rmSync(file + suffix, { force: true });
    }
  };
  const exists = reuse && existsSync(file);
  if (!exists) {
    remove();
  }
  // The app's page size (new files only) and WAL.
  const { file: db } = openSqliteFile(file);
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -262144');
  // The checkpoint thread's RESTART keeps a commit waiting: the app's 5 s were not enough for a
  // 1M build at load ~20 (SQLITE_BUSY twice, 2026-11-27); waiting is no CPU, so wait longer.
  db.pragma('busy_timeout = 120000');
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
  if (!exists) {
    await createSearchSchema(kysely, 'sqlite');
  }
  // As the app's connection (db/database.ts): commits never checkpoint, a thread of their own
  // folds the WAL into the file. Its CPU counts in the build's process CPU (build-index.ts).
  const checkpoints = new SqliteCheckpointer(db);
  // The result cache would answer every repeated query from memory: time the queries.
  const index = createSqliteSearchIndex({ db, readers: 2, resultCache: 0 });
  return {
    name: 'SQLite FTS5',
    index,
    async afterBuild() {
      // FTS5 merges segments as it goes (automerge); a final merge is a maintenance step a
      // deployment runs after bulk loads, so it is timed separately.
      const t = performance.now();
      db.exec("INSERT INTO search_fts(search_fts) VALUES('optimize')");
      db.exec("INSERT INTO search_title_fts(search_title_fts) VALUES('optimize')");
      db.exec("INSERT INTO search_recent_fts(search_recent_fts) VALUES('optimize')");
      db.exec('ANALYZE');
      db.pragma('wal_checkpoint(TRUNCATE)');
      return { label: 'FTS5 optimize + ANALYZE', seconds: (performance.now() - t) / 1000 };
    },
    async sizes() {
      const bytesOf = (like: string) =>
        (db
          .prepare('SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE ?')
          .pluck()
          .get(like) as number) ?? 0;
      const fts = bytesOf('search_fts%') + bytesOf('search_title_fts%') + bytesOf('search_recent_fts%');
      const btrees = bytesOf('search_docs_%') + bytesOf('sqlite_autoindex_search_docs%');
      const all = db.prepare('SELECT coalesce(sum(pgsize), 0) FROM dbstat').pluck().get() as number;
      return {
        index: fts + btrees,
        total: all,
        note: 'FTS5 tables + B-tree indexes; total adds the stored title/body',
      };
    },
    async exactCount(word) {
      return db
        .prepare('SELECT count(*) FROM search_fts WHERE search_fts MATCH ?')
        .pluck()
        .get(`"${word.replaceAll('"', '""')}"`) as number;
    },
    async naive(query: SearchQuery) {
      const { count, page, params } = naiveSql(query, (i) => `?${i}`);
      // Numbered parameters bind by name in better-sqlite3.
      const named = Object.fromEntries(params.map((p, i) => [i + 1, p]));
      db.prepare(count).get(named);
      db.prepare(page).all(named);
    },
    async dispose(keep) {
      await index.close();
      await checkpoints.close();
      db.close();
      if (!keep) {
        remove();
      }
    },
  };
}
