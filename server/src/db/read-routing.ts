import {
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { ReplicaMonitor } from './replica-monitor.ts';

/**
 * The two Kysely dialects of a node with a read replica (DATABASE_READ_URL):
 *
 * - the primary's (`FencingPostgresDialect`) tells the replica monitor after every commit and
 *   every write outside a transaction, so this node's own writes fence the standby at once;
 * - the reads' (`ReadRoutingDialect`) hands each query (or read transaction) a standby connection
 *   when the monitor says the standby has everything, else a primary one. A standby that fails
 *   under a query — stopped, unreachable, or cancelling it for a conflict with recovery — costs
 *   no error: the query (and the transaction it was in, replayed) runs on the primary instead.
 */

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
/** A transaction's end; `rollback to <savepoint>` is not one. */
const TRANSACTION_END = /^\s*(commit|end|rollback(?!\s+to\b))\b/i;
/** Raw statements that change nothing (the app's raw SQL is mostly SELECTs and transaction control). */
const READ_ONLY_RAW = /^\s*(select|show|set|begin|start|rollback|savepoint|release)\b/i;

function mayWrite(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') {
    return false;
  }
  return !READ_ONLY_RAW.test(query.sql);
}

/** Error codes of a server that is going away or cannot take the connection (SQLSTATE 08, 57P0x, 53300). */
function serverGone(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    return /^(08|57P0[123]|53300|E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH))/.test(code);
  }
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message);
}

/** A hot standby cancels a query whose rows its WAL replay must remove (40001, conflict with recovery). */
function recoveryConflict(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '40001';
}

/** A primary connection that reports writes once they are committed. */
class FencingConnection implements DatabaseConnection {
  #inTransaction = false;
  /** A statement of the open transaction may have written: its commit fences. */
  #wrote = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly onWrite: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (TRANSACTION_START.test(query.sql)) {
      this.#inTransaction = true;
      this.#wrote = false;
    } else if (TRANSACTION_END.test(query.sql)) {
      if (this.#wrote) {
        this.onWrite(); // a commit, or a rollback (rare: fencing it costs one query)
      }
      this.#inTransaction = false;
    } else if (mayWrite(query)) {
      if (this.#inTransaction) {
        this.#wrote = true;
      } else {
        this.onWrite();
      }
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Every transaction method of PostgresDriver only runs SQL on the connection it is given. */
abstract class DelegatingDriver implements Driver {
  constructor(protected readonly primary: Required<Driver>) {}
  abstract acquireConnection(): Promise<DatabaseConnection>;
  abstract releaseConnection(connection: DatabaseConnection): Promise<void>;
  init(): Promise<void> {
    return this.primary.init();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.primary.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.primary.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.primary.rollbackTransaction(connection);
  }
  savepoint(...args: Parameters<Required<Driver>['savepoint']>): Promise<void> {
    return this.primary.savepoint(...args);
  }
  rollbackToSavepoint(...args: Parameters<Required<Driver>['rollbackToSavepoint']>): Promise<void> {
    return this.primary.rollbackToSavepoint(...args);
  }
  releaseSavepoint(...args: Parameters<Required<Driver>['releaseSavepoint']>): Promise<void> {
    return this.primary.releaseSavepoint(...args);
  }
  abstract destroy(): Promise<void>;
}

class FencingDriver extends DelegatingDriver {
  constructor(
    primary: Required<Driver>,
    private readonly monitor: ReplicaMonitor,
  ) {
    super(primary);
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new FencingConnection(await this.primary.acquireConnection(), () => this.monitor.changed());
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.primary.releaseConnection((connection as FencingConnection).inner);
  }
  destroy(): Promise<void> {
    return this.primary.destroy();
  }
}

/** The primary's dialect on a node with a read replica: its writes fence the standby. */
export class FencingPostgresDialect extends PostgresDialect {
  constructor(
    private readonly pool: pg.Pool,
    private readonly monitor: ReplicaMonitor,
  ) {
    super({ pool });
  }
  override createDriver(): Driver {
    return new FencingDriver(new PostgresDriver({ pool: this.pool }), this.monitor);
  }
}

/** A standby connection that moves to the primary, with its transaction so far, when the standby fails. */
class RoutedConnection implements DatabaseConnection {
  /** Statements of the open transaction, to run again on the primary. */
  #transaction: CompiledQuery[] = [];
  #primary: DatabaseConnection | undefined;

  constructor(
    private readonly standby: DatabaseConnection,
    private readonly standbyDriver: Driver,
    private readonly primaryDriver: Driver,
    private readonly monitor: ReplicaMonitor,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#primary) {
      return this.#primary.executeQuery<R>(query);
    }
    try {
      const result = await this.standby.executeQuery<R>(query);
      if (TRANSACTION_END.test(query.sql)) {
        this.#transaction = [];
      } else if (TRANSACTION_START.test(query.sql) || this.#transaction.length > 0) {
        this.#transaction.push(query);
      }
      return result;
    } catch (err) {
      if (serverGone(err)) {
        this.monitor.failed(err);
      } else if (!recoveryConflict(err)) {
        throw err;
      }
      const primary = await this.primaryDriver.acquireConnection();
      this.#primary = primary;
      for (const earlier of this.#transaction) {
        await primary.executeQuery(earlier);
      }
      return primary.executeQuery<R>(query);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return (this.#primary ?? this.standby).streamQuery<R>(query, chunkSize);
  }

  async release(): Promise<void> {
    await this.standbyDriver.releaseConnection(this.standby);
    if (this.#primary) {
      await this.primaryDriver.releaseConnection(this.#primary);
    }
  }
}

class ReadRoutingDriver extends DelegatingDriver {
  constructor(
    primary: Required<Driver>,
    private readonly standby: Driver,
    private readonly monitor: ReplicaMonitor,
  ) {
    super(primary);
  }
  override async init(): Promise<void> {
    await super.init();
    await this.standby.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.monitor.usable) {
      try {
        const connection = await this.standby.acquireConnection();
        return new RoutedConnection(connection, this.standby, this.primary, this.monitor);
      } catch (err) {
        this.monitor.failed(err);
      }
    }
    return this.primary.acquireConnection();
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return connection instanceof RoutedConnection
      ? connection.release()
      : this.primary.releaseConnection(connection);
  }
  /** The standby's pool only: the primary's belongs to the primary's Kysely. */
  destroy(): Promise<void> {
    return this.standby.destroy();
  }
}

/** Reads through the standby when it has every write known here, else through the primary. */
export class ReadRoutingDialect implements Dialect {
  constructor(
    private readonly primaryPool: pg.Pool,
    private readonly standbyPool: pg.Pool,
    private readonly monitor: ReplicaMonitor,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new ReadRoutingDriver(
      new PostgresDriver({ pool: this.primaryPool }),
      new PostgresDriver({ pool: this.standbyPool }),
      this.monitor,
    );
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Dialect's own signature
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
