import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import type { Database } from './schema.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate-dialect.ts';
import { WriteGeneration } from './write-generation.ts';

export type SqlDialect = 'sqlite' | 'postgres';

/** The open database: the query builder plus which SQL dialect it speaks (for the few dialect-specific queries). */
export type Db = {
  readonly kysely: Kysely<Database>;
  readonly dialect: SqlDialect;
  /** PostgreSQL schema the app lives in when it is not the default (tests use one per app). */
  readonly schema?: string | undefined;
  /** SQLite only: the underlying connection (the search index writes FTS5 tables through it). */
  readonly sqlite?: SQLite.Database;
  /** Grows with every write this process makes (read caches key on it). */
  readonly generation: WriteGeneration;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** PostgreSQL only: put every connection's search_path on this schema. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
};

const INT8_OID = 20;

/** Compiled statements kept per connection; the app's distinct query texts number in the hundreds. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 compiles SQL on every `prepare()`, and Kysely prepares once per query: reusing
 * the compiled statement by its SQL text (LRU) removes that from every request. Safe because
 * better-sqlite3 is synchronous and Kysely never streams here (a statement is never busy), and
 * SQLite re-prepares a cached statement by itself after a schema change.
 */
export function withStatementCache(db: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-insert: most recently used last
      } else {
        statement = db.prepare(sql);
        if (cache.size >= size) {
          cache.delete(cache.keys().next().value as string);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Opens the database named by the config: a SQLite file (WAL, busy timeout, foreign keys) or a
 * PostgreSQL pool. bigint columns come back as numbers on both (times are epoch ms, far below 2^53).
 */
export function createDatabase(target: DatabaseTarget, options: OpenOptions = {}): Db {
  if (target.kind === 'sqlite') {
    mkdirSync(dirname(target.file), { recursive: true });
    const file = new SQLite(target.file);
    file.pragma('journal_mode = WAL');
    file.pragma('busy_timeout = 5000');
    file.pragma('foreign_keys = ON');
    file.pragma('synchronous = NORMAL');
    // data_version moves when another connection commits (cluster workers, `npm run import`).
    const dataVersion = file.prepare('PRAGMA data_version').pluck();
    const generation = new WriteGeneration(() => dataVersion.get() as number);
    const kysely = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(file) }),
      plugins: [generation],
    });
    return { kysely, dialect: 'sqlite', sqlite: file, generation, close: () => kysely.destroy() };
  }
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new Error(`invalid schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.maxConnections ?? 10,
    // Set at connection start-up, so no query can run before it.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const generation = new WriteGeneration();
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [generation] });
  return {
    kysely,
    dialect: 'postgres',
    schema: options.schema,
    generation,
    close: () => kysely.destroy(),
  };
}
