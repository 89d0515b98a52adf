import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) `begin`. In WAL mode a
 * deferred transaction that reads before it writes cannot wait for another process's write to
 * finish: SQLite answers SQLITE_BUSY at once, without the busy timeout, because the snapshot it
 * read is stale. Two feed pollers, a cluster worker beside `npm run import`, or the digest beside
 * an editor would then fail a write halfway through their work. `begin immediate` takes the
 * write lock first (waiting up to the busy timeout), so a transaction either waits its turn or
 * never starts.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
