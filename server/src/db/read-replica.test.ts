import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases, type TestDatabase } from '../test/testApp.ts';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { proxyTo } from './tcp-proxy.fixture.ts';

/**
 * DATABASE_READ_URL on PostgreSQL. The "standby" is the test server itself reached through a TCP
 * proxy this test can cut: what a query's server connection came through tells which side
 * answered it, and cutting the proxy is a standby that stops. (A real streaming standby, with
 * replay lag, is e2e/specs/multi-node.spec.ts.)
 */

async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) {
      throw new Error(`not within ${ms} ms: ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!testDatabases().includes('postgres'))('reads through a read replica', () => {
  const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://x@127.0.0.1:5432/x');
  const proxy = proxyTo(url.hostname, Number(url.port || 5432));
  let t: TestDatabase;
  let db: Db;
  /** Which side answered: the port the server saw this read's connection come from. */
  const answeredBy = async (): Promise<'standby' | 'primary'> => {
    const { rows } = await sql<{ port: number }>`SELECT inet_client_port() AS port`.execute(db.reads);
    return proxy.ports.has(rows[0]?.port ?? -1) ? 'standby' : 'primary';
  };

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    await migrateToLatest(t.db);
    await proxy.start();
    const readUrl = new URL(url);
    readUrl.host = `127.0.0.1:${proxy.port}`;
    db = createDatabase(
      { kind: 'postgres', url: url.href, readUrl: readUrl.href },
      { schema: t.db.schema!, maxConnections: 3, replicaTiming: { pollMs: 2, maxPollMs: 10, healthMs: 50 } },
    );
  });
  afterAll(async () => {
    await db?.close();
    await proxy.stop().catch(() => {});
    await t?.drop();
  });

  it('answers reads from the standby once it has every write', async () => {
    await until(() => db.replica?.usable === true, 'standby usable');
    expect(await answeredBy()).toBe('standby');
  });

  it("reads a node's own write at once (primary until the standby has replayed it), then the standby again", async () => {
    await until(() => db.replica?.usable === true, 'standby usable');
    await db.kysely
      .insertInto('organisations')
      .values({ name: '读己之写', created_at: 1, updated_at: 1 } as never)
      .execute();
    // No wait between the write and the read: the write fenced the standby synchronously.
    expect(await answeredBy()).toBe('primary');
    const found = await db.reads
      .selectFrom('organisations')
      .select('name')
      .where('name', '=', '读己之写')
      .execute();
    expect(found).toHaveLength(1);
    await until(() => db.replica?.usable === true, 'standby replayed the write');
    expect(await answeredBy()).toBe('standby');
  });

  it('fences a write committed in a transaction when it commits', async () => {
    await until(() => db.replica?.usable === true, 'standby usable');
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('organisations')
        .values({ name: '事务之写', created_at: 1, updated_at: 1 } as never)
        .execute();
    });
    expect(await answeredBy()).toBe('primary');
  });

  it('fences at the commit of a transaction that rolled back to a savepoint and wrote again', async () => {
    await until(() => db.replica?.usable === true, 'standby usable');
    const trx = await db.kysely.startTransaction().execute();
    const inner = await trx.savepoint('before').execute();
    await inner.rollbackToSavepoint('before').execute();
    await trx
      .insertInto('organisations')
      .values({ name: '保存点之后', created_at: 1, updated_at: 1 } as never)
      .execute();
    // Nothing is committed yet: the standby may still answer.
    await until(() => db.replica?.usable === true, 'standby usable inside the transaction');
    await trx.commit().execute();
    expect(await answeredBy()).toBe('primary');
  });

  it('sends reads to the primary without an error while the standby is stopped, and back when it returns', async () => {
    await until(() => db.replica?.usable === true, 'standby usable');
    await proxy.stop();
    // The pooled standby connection dies under the first read: it is answered by the primary.
    expect(await answeredBy()).toBe('primary');
    expect(db.replica?.down).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect(await answeredBy()).toBe('primary');
    }
    await proxy.start();
    await until(() => db.replica?.usable === true, 'standby back');
    expect(await answeredBy()).toBe('standby');
  });

  it('finishes a read transaction on the primary when the standby goes away halfway', async () => {
    await until(() => db.replica?.usable === true, 'standby usable');
    const ports = await db.reads
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const first = await sql<{ port: number }>`SELECT inet_client_port() AS port`.execute(trx);
        await proxy.stop();
        const second = await sql<{ port: number; ro: string }>`
          SELECT inet_client_port() AS port, current_setting('transaction_read_only') AS ro`.execute(trx);
        return { first: first.rows[0]?.port, second: second.rows[0]?.port, ro: second.rows[0]?.ro };
      });
    expect(proxy.ports.has(ports.first ?? -1)).toBe(true);
    expect(proxy.ports.has(ports.second ?? -1)).toBe(false);
    // The transaction was replayed on the primary: still read-only there.
    expect(ports.ro).toBe('on');
    await proxy.start();
  });
});
