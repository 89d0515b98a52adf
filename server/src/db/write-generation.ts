import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A number that grows whenever this process changes the database: every statement run through
 * Kysely that affects rows bumps it, and writers that bypass Kysely (the search index) call
 * `bump()`. Read caches remember the generation they read at and drop entries from an older one,
 * so a process always reads its own writes. On SQLite the count also includes commits by other
 * connections (`PRAGMA data_version`: other workers, an import); on PostgreSQL writes by other
 * processes are not seen here, and caches bound that with a short time to live.
 */
export class WriteGeneration implements KyselyPlugin {
  #value = 0;
  readonly #others: () => number;
  /** `others` as last read, and the request epoch it was read in (see `value`). */
  #memo: { epoch: number; others: number } | undefined;
  #epoch = 0;
  #clearing = false;

  /** `others`: a counter that grows when other processes write (SQLite's `PRAGMA data_version`). */
  constructor(others: () => number = () => 0) {
    this.#others = others;
  }

  /**
   * This process's writes count at once. Other processes' writes are read from the database
   * at most once per request and event-loop turn: the reading is kept until a request arrives
   * (`requestArrived`) or the turn ends. A request thus sees every write committed before it
   * arrived, while the three or four read caches one request consults ask SQLite once (the
   * PRAGMA cost a busy server ~8% of its time when each asked).
   */
  get value(): number {
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
    return this.#value + this.#memo.others;
  }

  /** A request arrived: the next read asks the database again (the HTTP layer calls this first thing). */
  requestArrived(): void {
    this.#epoch++;
  }

  bump(): void {
    this.#value++;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const affected = args.result.numAffectedRows;
    if (affected !== undefined && affected > 0n) {
      this.#value++;
    }
    return Promise.resolve(args.result);
  }
}
