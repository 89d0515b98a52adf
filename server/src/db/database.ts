import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { FencingPostgresDialect, ReadRoutingDialect } from './read-routing.ts';
import { parseLsn, ReplicaMonitor, type ReplicaEvents, type ReplicaTiming } from './replica-monitor.ts';
import type { Database } from './schema.ts';
import { SqliteCheckpointer, type CheckpointOptions } from './sqlite-checkpoint.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate-dialect.ts';
import { WriteGeneration } from './write-generation.ts';

export type SqlDialect = 'sqlite' | 'postgres';

/**
 * The page size of a new SQLite file (SQLite's default is 4 KiB). Most of the file is FTS5
 * segments, whose leaves are sized to the page (search/fts-leaves.ts `sizeFtsLeaves`): with 16 KiB
 * pages a 1M-document build spends ~20 % less of the writer thread's CPU on B-tree pages and
 * WAL frames (README "Performance"). Applies only to a file with no tables yet: an existing
 * file keeps its page size (changing it needs a VACUUM outside WAL mode).
 */
export const SQLITE_PAGE_BYTES = 16_384;

/** Opens a better-sqlite3 connection set up as the app's: new files get SQLITE_PAGE_BYTES pages, WAL. */
export function openSqliteFile(path: string): { file: SQLite.Database; journal: string } {
  const file = new SQLite(path);
  file.pragma(`page_size = ${SQLITE_PAGE_BYTES}`);
  const journal = file.pragma('journal_mode = WAL', { simple: true }) as string;
  return { file, journal };
}

/** The open database: the query builder plus which SQL dialect it speaks (for the few dialect-specific queries). */
export type Db = {
  readonly kysely: Kysely<Database>;
  /**
   * Where searches, lists and details read: the read replica (DATABASE_READ_URL) when it has
   * every write this node made or heard of, else the primary (db/replica-monitor.ts). Without a
   * replica, `kysely` itself. Writes never go here.
   */
  readonly reads: Kysely<Database>;
  /** PostgreSQL with DATABASE_READ_URL: whether the standby may answer now (write-notify.ts fences it). */
  readonly replica?: ReplicaMonitor;
  readonly dialect: SqlDialect;
  /** PostgreSQL schema the app lives in when it is not the default (tests use one per app). */
  readonly schema?: string | undefined;
  /** SQLite only: the underlying connection (the search index writes FTS5 tables through it). */
  readonly sqlite?: SQLite.Database;
  /** SQLite file in WAL mode only: the thread that checkpoints the WAL (db/sqlite-checkpoint.ts). */
  readonly checkpoints?: SqliteCheckpointer;
  /** Grows with every write this process makes (read caches key on it). */
  readonly generation: WriteGeneration;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** PostgreSQL only: put every connection's search_path on this schema. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /** PostgreSQL with a read replica: told when the standby goes away and comes back. */
  replicaEvents?: ReplicaEvents;
  replicaTiming?: ReplicaTiming;
  /**
   * PostgreSQL only: an idle connection of the primary's pool failed (the server restarted, a
   * proxy cut it). The pool drops it and the next query opens another; this only reports it.
   */
  onIdleError?: (err: Error) => void;
  /** SQLite only: when the checkpoint thread starts and how often it looks (defaults for the app). */
  checkpoint?: CheckpointOptions;
};

/** How long a reader waits for a standby connection before the primary answers instead. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;

const INT8_OID = 20;

function reportIdleError(err: Error): void {
  process.emitWarning(`an idle PostgreSQL connection failed (${err.message}); the next query opens another`);
}

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
    const { file, journal } = openSqliteFile(target.file);
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
    // Commits append to the WAL; folding it into the file (two fsyncs) happens on a thread.
    const checkpoints = journal === 'wal' ? new SqliteCheckpointer(file, options.checkpoint) : undefined;
    return {
      kysely,
      reads: kysely,
      dialect: 'sqlite',
      sqlite: file,
      checkpoints,
      generation,
      close: async () => {
        await checkpoints?.close();
        await kysely.destroy();
      },
    };
  }
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new Error(`invalid schema name: ${options.schema}`);
  }
  const poolOf = (url: string, extra: pg.PoolConfig = {}) =>
    new pg.Pool({
      ...extra,
      connectionString: url,
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
  const pool = poolOf(target.url);
  // Without a listener, node-postgres's idle-client error is an unhandled 'error' event: a
  // database restart would take every server process down instead of failing a few queries.
  pool.on('error', (err) => (options.onIdleError ?? reportIdleError)(err));
  const generation = new WriteGeneration();
  if (!target.readUrl) {
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [generation] });
    return {
      kysely,
      reads: kysely,
      dialect: 'postgres',
      schema: options.schema,
      generation,
      close: () => kysely.destroy(),
    };
  }
  const standby = poolOf(target.readUrl, { connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS });
  // An idle standby connection that dies (the standby stopped) must not crash the process: the
  // monitor's next check or query notices, and reads go to the primary. A standby connection that dies between two statements of a read transaction must not crash
  // the process either: the next statement fails over (db/read-routing.ts).
  standby.on('error', () => {});
  standby.on('connect', (client) => client.on('error', () => {}));
  const replica = new ReplicaMonitor(
    {
      primaryLsn: async () =>
        parseLsn(
          (await pool.query<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn')).rows[0]?.lsn,
        ),
      // A server that is not in recovery is the primary itself (tests point DATABASE_READ_URL at it).
      replayedLsn: async () =>
        parseLsn(
          (
            await standby.query<{ lsn: string | null }>(
              'SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_flush_lsn() END)::text AS lsn',
            )
          ).rows[0]?.lsn,
        ),
    },
    options.replicaEvents,
    options.replicaTiming,
  );
  const kysely = new Kysely<Database>({
    dialect: new FencingPostgresDialect(pool, replica),
    plugins: [generation],
  });
  const reads = new Kysely<Database>({ dialect: new ReadRoutingDialect(pool, standby, replica) });
  return {
    kysely,
    reads,
    replica,
    dialect: 'postgres',
    schema: options.schema,
    generation,
    close: async () => {
      replica.close();
      await reads.destroy();
      await kysely.destroy();
      // Kysely ends a pool only if it ever queried it; the monitor's own queries use them too.
      for (const p of [standby, pool]) {
        if (!p.ending) {
          await p.end();
        }
      }
    },
  };
}
