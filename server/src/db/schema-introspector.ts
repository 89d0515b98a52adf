import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/**
 * What Kysely's migrator asks of PostgreSQL (does its schema exist, do its two bookkeeping tables),
 * answered from the app's own schema. Kysely's introspector reads the tables of every schema
 * and calls pg_get_serial_sequence for each of their columns: DDL in another schema meanwhile
 * (other test files' apps, three at once in CI; another node's migration) failed that read with
 * "schema … does not exist" or "column … does not exist" — once five times in a row, which a
 * retry did not outlast (CI, 2026-12-03). These are plain catalogue scans, one MVCC snapshot
 * each, of `schema` (the connection's current schema when none is set); tables come without
 * their columns, which the migrator does not read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export function schemaIntrospector(db: Kysely<any>, schema: string | undefined): DatabaseIntrospector {
  const target = schema === undefined ? sql`current_schema()` : sql`${schema}`;
  async function getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      SELECT c.relname AS name, n.nspname AS schema, c.relkind AS kind
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${target} AND c.relkind IN ('r', 'p', 'v', 'm')`.execute(db);
    return rows.map((r) => ({
      name: r.name,
      schema: r.schema,
      isView: r.kind === 'v' || r.kind === 'm',
      columns: [],
    }));
  }
  return {
    async getSchemas(): Promise<SchemaMetadata[]> {
      const { rows } = await sql<SchemaMetadata>`SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(
        db,
      );
      return rows;
    },
    getTables,
    async getMetadata() {
      return { tables: await getTables() };
    },
  };
}

/** `db` with `introspector` as its `introspection`; everything else is `db` itself. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export function withIntrospector<K extends Kysely<any>>(db: K, introspector: DatabaseIntrospector): K {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') {
        return introspector;
      }
      // Kysely keeps its state in private fields: its methods must run on the instance itself.
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
