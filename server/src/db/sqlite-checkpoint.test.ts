import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.ts';
import type { CheckpointOptions } from './sqlite-checkpoint.ts';

const dirs: string[] = [];
const open: Db[] = [];

afterEach(async () => {
  for (const db of open.splice(0)) {
    await db.close();
  }
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

function openDb(checkpoint: CheckpointOptions, file?: string) {
  if (!file) {
    const dir = mkdtempSync(join(tmpdir(), 'portal-ckpt-'));
    dirs.push(dir);
    file = join(dir, 'portal.db');
  }
  const db = createDatabase({ kind: 'sqlite', file }, { checkpoint });
  open.push(db);
  const sqlite = db.sqlite!;
  sqlite.exec('CREATE TABLE IF NOT EXISTS blob_rows (id INTEGER PRIMARY KEY, body BLOB)');
  const insert = sqlite.prepare('INSERT INTO blob_rows (body) VALUES (?)');
  return {
    db,
    file,
    walBytes: () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0,
    /** One commit of `kib` KiB, as a write of the app would make it. */
    write: (kib: number) => insert.run(Buffer.alloc(kib * 1024, Math.floor(Math.random() * 256))),
  };
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) {
      throw new Error('condition not met in time');
    }
    await sleep(20);
  }
}

describe('SQLite checkpoint thread', () => {
  it('keeps the WAL bounded while commits never checkpoint, and empties it when writes stop', async () => {
    const { db, walBytes, write } = openDb({ startBytes: 0, intervalMs: 20, idleMs: 300 });
    // Commits checkpoint only past twice the default limit (64 MiB), in pages.
    const pageBytes = db.sqlite!.pragma('page_size', { simple: true }) as number;
    expect(db.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe((128 * 1024 * 1024) / pageBytes);
    await until(() => db.checkpoints!.ready);
    // 6 bursts (a poll's writes, then a pause) of 10 commits of 256 KiB = 15 MiB: the WAL
    // alone would hold all of it without the thread.
    let largest = 0;
    for (let burst = 0; burst < 6; burst++) {
      for (let i = 0; i < 10; i++) {
        write(256);
        largest = Math.max(largest, walBytes());
        await sleep(1);
      }
      await sleep(250);
    }
    expect(largest).toBeLessThan(6 * 1024 * 1024);
    expect(db.checkpoints!.stats.checkpoints).toBeGreaterThan(0);
    expect(db.checkpoints!.stats.restarts).toBe(0); // PASSIVE alone, no commit waited
    // Emptied by the thread's TRUNCATE once writes stopped (its report comes just after).
    await until(() => walBytes() === 0 && db.checkpoints!.stats.truncates > 0);
    const rows = db.sqlite!.prepare('SELECT count(*) FROM blob_rows').pluck().get();
    expect(rows).toBe(60);
  });

  it('forces the WAL to start over once it holds limitBytes, when commits never pause', async () => {
    const { db, walBytes, write } = openDb({
      startBytes: 0,
      intervalMs: 10,
      idleMs: 60_000,
      limitBytes: 1024 * 1024,
    });
    await until(() => db.checkpoints!.ready);
    // 160 commits of 128 KiB = 20 MiB, 2 ms apart: shorter than a checkpoint's fsyncs. The
    // thread's RESTART keeps the WAL near 1 MiB while it gets a core; the commits' backstop
    // (next test) keeps it under 2 MiB and a commit when it does not (CI once saw 13 MB without).
    let largest = 0;
    for (let i = 0; i < 160; i++) {
      write(128);
      largest = Math.max(largest, walBytes());
      await sleep(2);
    }
    expect(largest).toBeLessThan(10 * 1024 * 1024);
    expect(db.sqlite!.prepare('SELECT count(*) FROM blob_rows').pluck().get()).toBe(160);
  });

  it('bounds the WAL at twice limitBytes by the commits themselves when the thread gets no turn', async () => {
    // The thread looks once at start, then not for a minute: as if a busy machine left it no core.
    const { db, walBytes, write } = openDb({ startBytes: 0, intervalMs: 60_000, limitBytes: 1024 * 1024 });
    await until(() => db.checkpoints!.ready);
    const before = db.checkpoints!.stats.checkpoints;
    let largest = 0;
    for (let i = 0; i < 80; i++) {
      write(128);
      largest = Math.max(largest, walBytes());
    }
    // 10 MiB committed; the WAL holds at most 2 MiB and the commit that crossed it (with frame headers).
    expect(largest).toBeLessThan(2.25 * 1024 * 1024);
    expect(largest).toBeGreaterThan(1.9 * 1024 * 1024);
    expect(db.checkpoints!.stats.checkpoints).toBe(before);
    expect(db.sqlite!.prepare('SELECT count(*) FROM blob_rows').pluck().get()).toBe(80);
  });

  it('starts the thread only once the WAL reaches startBytes', async () => {
    const { db, write } = openDb({ startBytes: 1024 * 1024, intervalMs: 20 });
    write(64);
    await sleep(150);
    expect(db.checkpoints!.running).toBe(false);
    for (let i = 0; i < 8; i++) {
      write(256);
    }
    await until(() => db.checkpoints!.running);
  });

  it('two connections on one file, each with its own thread, lose no commit', async () => {
    const a = openDb({ startBytes: 0, intervalMs: 10, idleMs: 200 });
    const b = openDb({ startBytes: 0, intervalMs: 10, idleMs: 200 }, a.file);
    await until(() => a.db.checkpoints!.ready && b.db.checkpoints!.ready);
    for (let i = 0; i < 40; i++) {
      (i % 2 ? a : b).write(128);
      await sleep(5);
    }
    await until(() => a.walBytes() === 0);
    expect(b.db.sqlite!.prepare('SELECT count(*) FROM blob_rows').pluck().get()).toBe(40);
    expect(a.db.checkpoints!.stats.checkpoints + b.db.checkpoints!.stats.checkpoints).toBeGreaterThan(0);
  });

  it('stops the thread when the database closes', async () => {
    const { db, write } = openDb({ startBytes: 0, intervalMs: 20 });
    await until(() => db.checkpoints!.ready);
    write(64);
    await db.close();
    open.splice(open.indexOf(db), 1);
    expect(db.checkpoints!.running).toBe(false);
    // 0: the thread closed its connection and returned; a thread that ignored the request
    // would have been terminated after 5 s (code 1).
    expect(db.checkpoints!.exitCode).toBe(0);
  });
});
