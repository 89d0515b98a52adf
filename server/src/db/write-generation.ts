import { AsyncLocalStorage } from 'node:async_hooks';
import { AliasNode, TableNode } from 'kysely';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** What a read cache checks its entries against: a number that grows when its tables change. */
export type Generation = { readonly value: number };

/**
 * Tables whose rows each belong to one owner (a user), named by a column: a write made for one
 * owner (`WriteGeneration.forOwner`) counts for that owner's rows only, here and — through the
 * notification's `table:owner` payload (db/write-notify.ts) — on the other PostgreSQL nodes. So
 * one user's favourite empties that user's cached favourites, not everyone's.
 */
export const OWNED_TABLES: Readonly<Record<string, string>> = {
  favorite_folders: 'user_id',
  favorite_items: 'user_id',
};

/** A generation per owner: what a per-user cache checks for the entry of `owner`. */
export type OwnerGeneration = { value(owner: string | number): number };

/** The table a write statement changes; null for reads, undefined for writes we cannot name (raw SQL). */
function writtenTable(node: RootOperationNode): string | null | undefined {
  const nameOf = (table: OperationNode | undefined): string | undefined => {
    if (table && TableNode.is(table)) {
      return table.table.identifier.name;
    }
    if (table && AliasNode.is(table)) {
      return nameOf(table.node);
    }
    return undefined;
  };
  switch (node.kind) {
    case 'SelectQueryNode':
      return null;
    case 'InsertQueryNode':
      return nameOf(node.into);
    case 'UpdateQueryNode':
      return nameOf(node.table);
    case 'DeleteQueryNode':
      return node.from.froms.length === 1 ? nameOf(node.from.froms[0]) : undefined;
    default:
      return undefined;
  }
}

/**
 * Numbers that grow whenever the database changes, one per table: every statement run through
 * Kysely that affects rows bumps its table's, and writers that bypass Kysely (the SQLite search
 * index) call `bump(table)`. A read cache takes `of(tables)` — the tables its entries are read
 * from — and drops entries from an older generation, so a process always reads its own writes and
 * a write to one table (a view counter, a login) leaves caches of other tables alone. A write whose
 * table cannot be named (raw SQL) counts for every table.
 *
 * Other processes: on SQLite every commit by another connection counts for every table
 * (`PRAGMA data_version`: other workers, an import); on PostgreSQL each table's statement trigger
 * notifies every node (db/write-notify.ts), which calls `bump(table)` here.
 */
export class WriteGeneration implements KyselyPlugin {
  /** Writes that count for every table (unnamed tables, a lost notification channel). */
  #all = 0;
  readonly #tables = new Map<string, number>();
  #tableTotal = 0;
  /**
   * Owners' writes to OWNED_TABLES, by `table:owner`. One number per owner who wrote since start
   * (tens of bytes each); never dropped, since a dropped count could come back equal to one a
   * cached entry was read at.
   */
  readonly #owned = new Map<string, number>();
  /** The same writes by table, and in all: they still count for `value` and `except`. */
  readonly #ownedByTable = new Map<string, number>();
  #ownedTotal = 0;
  /** The owner the statements of a `forOwner` write are made for. */
  readonly #owner = new AsyncLocalStorage<string>();
  /** The table of each write statement in flight, from transformQuery to transformResult. */
  readonly #pending = new WeakMap<QueryId, string | undefined>();
  readonly #others: () => number;
  /** `others` as last read, and the request epoch it was read in (see `othersNow`). */
  #memo: { epoch: number; others: number } | undefined;
  #epoch = 0;
  #clearing = false;

  /** `others`: a counter that grows when other processes write (SQLite's `PRAGMA data_version`). */
  constructor(others: () => number = () => 0) {
    this.#others = others;
  }

  /** Every table's generation together: grows with any write. */
  get value(): number {
    return this.#othersNow() + this.#all + this.#tableTotal + this.#ownedTotal;
  }

  /** The generation of `tables` only: what a cache of rows read from those tables checks. */
  of(tables: readonly string[]): Generation {
    const counts = this.#tables;
    const base = () => this.#othersNow() + this.#all;
    return {
      get value(): number {
        let sum = base();
        for (const table of tables) {
          sum += counts.get(table) ?? 0;
        }
        return sum;
      },
    };
  }

  /**
   * The generation of an owner's rows of `tables` (OWNED_TABLES): writes made for that owner,
   * writes to those tables for no owner (a raw delete, another process's unattributed write), and
   * whatever counts for every table.
   */
  ofOwner(tables: readonly string[]): OwnerGeneration {
    const whole = this.of(tables);
    const owned = this.#owned;
    return {
      value(owner: string | number): number {
        let sum = whole.value;
        for (const table of tables) {
          sum += owned.get(`${table}:${owner}`) ?? 0;
        }
        return sum;
      },
    };
  }

  /**
   * Runs `write`, whose statements change OWNED_TABLES rows of `owner` only: they count for that
   * owner (`ofOwner`), not for the whole table. Writes to other tables count as usual.
   */
  forOwner<T>(owner: string | number, write: () => Promise<T>): Promise<T> {
    return this.#owner.run(String(owner), write);
  }

  /**
   * The generation of every table but `ignored`: what a cache of content checks, whose rows come
   * from many tables — all of them but those whose writes cannot change it (sessions, counters,
   * logs). A table added later counts until someone says it need not.
   */
  except(ignored: readonly string[]): Generation {
    const counts = this.#tables;
    const owned = this.#ownedByTable;
    const base = () => this.#othersNow() + this.#all + this.#tableTotal + this.#ownedTotal;
    return {
      get value(): number {
        let sum = base();
        for (const table of ignored) {
          sum -= (counts.get(table) ?? 0) + (owned.get(table) ?? 0);
        }
        return sum;
      },
    };
  }

  /**
   * This process's writes count at once. Other processes' writes are read from the database
   * at most once per request and event-loop turn: the reading is kept until a request arrives
   * (`requestArrived`) or the turn ends. A request thus sees every write committed before it
   * arrived, while the three or four read caches one request consults ask SQLite once (the
   * PRAGMA cost a busy server ~8% of its time when each asked).
   */
  #othersNow(): number {
    if (this.#memo?.epoch !== this.#epoch) {
      this.#memo = { epoch: this.#epoch, others: this.#others() };
      if (!this.#clearing) {
        this.#clearing = true;
        setImmediate(() => {
          this.#clearing = false;
          this.#memo = undefined;
        });
      }
    }
    return this.#memo.others;
  }

  /** A request arrived: the next read asks the database again (the HTTP layer calls this first thing). */
  requestArrived(): void {
    this.#epoch++;
  }

  /**
   * `table` changed (`owner`: only that owner's rows of an OWNED_TABLES table); without a table,
   * everything may have changed.
   */
  bump(table?: string, owner?: string): void {
    if (table === undefined) {
      this.#all++;
      return;
    }
    if (owner !== undefined && table in OWNED_TABLES) {
      const key = `${table}:${owner}`;
      this.#owned.set(key, (this.#owned.get(key) ?? 0) + 1);
      this.#ownedByTable.set(table, (this.#ownedByTable.get(table) ?? 0) + 1);
      this.#ownedTotal++;
      return;
    }
    this.#tables.set(table, (this.#tables.get(table) ?? 0) + 1);
    this.#tableTotal++;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(args.node);
    if (table !== null) {
      this.#pending.set(args.queryId, table);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { numAffectedRows: affected, rows } = args.result;
    if (this.#pending.has(args.queryId)) {
      const table = this.#pending.get(args.queryId);
      this.#pending.delete(args.queryId);
      // SQLite reports no count for a write with RETURNING: its rows are the rows it changed.
      const changed = affected !== undefined ? affected > 0n : table !== undefined && rows.length > 0;
      if (changed) {
        this.bump(table, this.#owner.getStore());
      }
    } else if (affected !== undefined && affected > 0n) {
      this.bump();
    }
    return Promise.resolve(args.result);
  }
}
