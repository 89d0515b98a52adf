import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database.ts';
import { OWNED_TABLES } from './write-generation.ts';

/**
 * PostgreSQL: every node hears every other node's writes, table by table, so its read caches
 * drop what another node changed (a logout, an edit, an unpublish) within milliseconds instead
 * of a time to live.
 *
 * Each table has a statement trigger that calls `pg_notify(channel, table name)`. PostgreSQL
 * delivers a notification only when its transaction commits, and to every listening session — so
 * a node never re-reads before the write is visible, and writes by any client (an import, psql)
 * count too. Each node keeps one connection listening (`listenForWrites`) and bumps the table's
 * write generation (db/write-generation.ts) when a notification arrives.
 */

/**
 * Columns whose updates other nodes need not hear: a report's hot score moves with every flush of
 * view counts, and no cache holds it beyond its time to live (counters never empty caches).
 */
const QUIET_COLUMNS: Readonly<Record<string, readonly string[]>> = { search_docs: ['hot'] };

/** One channel per schema: tests run many apps in one database, each in its own schema. */
function channelOf(db: Db): string {
  return `portal_writes_${db.schema ?? 'public'}`;
}

/**
 * Creates the notifying trigger on every table of the app's schema that lacks it (idempotent; run
 * after migrations, so tables that later migrations add are covered at the next start).
 */
export async function installWriteTriggers(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') {
    return;
  }
  const channel = channelOf(db);
  await sql`
    CREATE OR REPLACE FUNCTION portal_notify_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db.kysely);
  const tables = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'portal_notify_write')
  `.execute(db.kysely);
  await installOwnedWriteTriggers(db, channel);
  for (const { name } of tables.rows.filter((table) => !(table.name in OWNED_TABLES))) {
    const quiet = QUIET_COLUMNS[name] ?? [];
    let update = sql`UPDATE`;
    if (quiet.length > 0) {
      const columns = await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${name} ORDER BY ordinal_position`.execute(
        db.kysely,
      );
      const heard = columns.rows.map((c) => c.column_name).filter((c) => !quiet.includes(c));
      update = sql`UPDATE OF ${sql.join(heard.map((c) => sql.ref(c)))}`;
    }
    await sql`
      CREATE TRIGGER portal_notify_write AFTER INSERT OR ${update} OR DELETE OR TRUNCATE ON ${sql.table(name)}
      FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_write(${sql.lit(channel)})`.execute(db.kysely);
  }
}

/**
 * Tables whose rows belong to one user (OWNED_TABLES) notify `table:owner` for each owner a
 * statement changed, read from its transition tables, so the other nodes empty that user's
 * cached rows only. PostgreSQL allows transition tables on single-event triggers only: one
 * trigger per event, and TRUNCATE (no rows to name) notifies the bare table.
 */
async function installOwnedWriteTriggers(db: Db, channel: string): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION portal_notify_owned_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      owner text;
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        FOR owner IN EXECUTE format('SELECT DISTINCT %I::text FROM new_rows', TG_ARGV[1]) LOOP
          PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME || ':' || owner);
        END LOOP;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        FOR owner IN EXECUTE format('SELECT DISTINCT %I::text FROM old_rows', TG_ARGV[1]) LOOP
          PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME || ':' || owner);
        END LOOP;
      END IF;
      RETURN NULL;
    END $$`.execute(db.kysely);
  for (const [table, ownerColumn] of Object.entries(OWNED_TABLES)) {
    const installed = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_trigger
      WHERE tgrelid = ${sql.lit(table)}::regclass AND tgname = 'portal_notify_owned_insert'`.execute(
      db.kysely,
    );
    if ((installed.rows[0]?.n ?? 0) > 0) {
      continue;
    }
    const args = sql`${sql.lit(channel)}, ${sql.lit(ownerColumn)}`;
    const name = sql.table(table);
    await db.kysely.transaction().execute(async (tx) => {
      // A database set up before owners were named has the table-wide trigger: replace it.
      await sql`DROP TRIGGER IF EXISTS portal_notify_write ON ${name}`.execute(tx);
      await sql`
        CREATE TRIGGER portal_notify_owned_insert AFTER INSERT ON ${name} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owned_write(${args})`.execute(tx);
      await sql`
        CREATE TRIGGER portal_notify_owned_update AFTER UPDATE ON ${name}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owned_write(${args})`.execute(tx);
      await sql`
        CREATE TRIGGER portal_notify_owned_delete AFTER DELETE ON ${name} REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_owned_write(${args})`.execute(tx);
      await sql`
        CREATE TRIGGER portal_notify_write AFTER TRUNCATE ON ${name}
        FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_write(${sql.lit(channel)})`.execute(tx);
    });
  }
}

export type WriteListener = {
  /** Resolves once the channel is listened to (writes committed after this are heard). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * Listens on the schema's channel and bumps the table named by each notification. While the
 * connection is down every cache is told that anything may have changed (`bump()` every 50 ms
 * until it is back), so no node serves from memory what it can no longer hear about.
 */
export function listenForWrites(
  db: Db,
  url: string,
  options: { onError?: (err: Error) => void; retryMs?: number } = {},
): WriteListener {
  const channel = channelOf(db);
  const retryMs = options.retryMs ?? 1000;
  let client: pg.Client | undefined;
  let closed = false;
  let unsure: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const distrust = () => {
    // Nor may the read replica answer: what it lacks can no longer be known (db/replica-monitor.ts).
    db.replica?.deaf(true);
    db.generation.bump();
    unsure ??= setInterval(() => db.generation.bump(), 50);
    unsure.unref();
  };
  const trust = () => {
    clearInterval(unsure);
    unsure = undefined;
    // Writes made while we were deaf: drop everything read before.
    db.generation.bump();
    db.replica?.deaf(false);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) {
        // Primary reads until the replica has replayed this write, before any cache refills.
        db.replica?.changed();
        // `table`, or `table:owner` for a user's rows of an owned table.
        const [table, owner] = (message.payload ?? '').split(':', 2) as [string, string | undefined];
        db.generation.bump(table || undefined, owner);
      }
    });
    const lost = (err?: Error) => {
      if (client !== next) {
        return;
      }
      client = undefined;
      if (err) {
        options.onError?.(err);
      }
      next.end().catch(() => {});
      if (!closed) {
        distrust();
        retry = setTimeout(() => void connect(), retryMs);
        retry.unref();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      if (closed) {
        await next.end();
        return;
      }
      trust();
      markReady();
    } catch (err) {
      lost(err as Error);
    }
  };

  distrust();
  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(unsure);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
