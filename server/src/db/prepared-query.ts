import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

/** Stands for the n-th argument while the query is built and compiled once. */
class Placeholder {
  constructor(readonly position: number) {}
}

/**
 * A query built and compiled once, then run with new argument values: Kysely's builder and
 * compiler cost tens of microseconds per query — more than SQLite takes to answer a point
 * lookup — so the queries every request runs (session, favourite and useful marks) skip them.
 * `build` receives placeholders for its arguments and may use them only as plain values
 * (`where(col, '=', arg)`, `values({...})`), never in JS logic or as `in` lists.
 */
export function preparedQuery<A extends unknown[], R>(
  db: Db,
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  return async (...args: A): Promise<R[]> => {
    if (!compiled) {
      const placeholders = Array.from({ length: build.length }, (_, i) => new Placeholder(i));
      compiled = build(...(placeholders as A)).compile();
      const used = new Set(
        compiled.parameters.filter((p) => p instanceof Placeholder).map((p) => p.position),
      );
      if (used.size !== build.length) {
        throw new Error(`preparedQuery: the query uses ${used.size} of its ${build.length} arguments`);
      }
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Placeholder ? args[p.position] : p));
    const result = await db.kysely.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
