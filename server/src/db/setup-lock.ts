import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from './database.ts';

const POLL_MS = 200;

/**
 * Runs `setup` (migrations, seeds, the demo library) while holding a lock, so two server
 * processes starting on one empty database do not both seed it. PostgreSQL: an advisory lock
 * keyed by the schema, held on one connection for the duration. SQLite: a lock file beside the
 * database holding the owner's pid; a file left by a process that died is taken over.
 */
export async function withSetupLock<T>(db: Db, lockFile: string | null, setup: () => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.connection().execute(async (conn) => {
      const key = sql`hashtext('portal-setup:' || current_schema())`;
      await sql`SELECT pg_advisory_lock(${key})`.execute(conn);
      try {
        return await setup();
      } finally {
        await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
      }
    });
  }
  if (lockFile === null) {
    return setup();
  }
  await acquireLockFile(lockFile);
  try {
    return await setup();
  } finally {
    unlinkSync(lockFile);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function acquireLockFile(path: string): Promise<void> {
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    let owner: number;
    try {
      owner = Number(readFileSync(path, 'utf8'));
    } catch {
      continue; // released meanwhile
    }
    // A pid not yet written (NaN) belongs to a process between open and write: wait for it.
    if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) {
      try {
        unlinkSync(path);
      } catch {
        // another waiter took it over first
      }
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
