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

  /** `others`: a counter that grows when other processes write (SQLite's `PRAGMA data_version`). */
  constructor(others: () => number = () => 0) {
    this.#others = others;
  }

  get value(): number {
    return this.#value + this.#others();
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
