import type { Database, Statement } from 'better-sqlite3';

/** Statements prepared once per connection: preparing one costs about what running it does here. */
const prepared = new WeakMap<Database, Map<string, Statement>>();

/** `db.prepare(source)`, kept for the connection's life (the reader, match ids and the list calls share it). */
export function cachedStatement(db: Database, source: string): Statement {
  let mine = prepared.get(db);
  if (!mine) {
    mine = new Map();
    prepared.set(db, mine);
  }
  let found = mine.get(source);
  if (!found) {
    found = db.prepare(source);
    mine.set(source, found);
  }
  return found;
}
