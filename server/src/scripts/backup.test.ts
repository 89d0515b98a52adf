import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import SQLite from 'better-sqlite3';
import { createDatabase, SQLITE_PAGE_BYTES } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { FIXTURE_DOCS } from '../search/fixtures/search-corpus.ts';
import { createSqliteSearchIndex } from '../search/sqlite-search-index.ts';
import { login } from '../test/login.ts';
import { buildTestApp, type TestApp } from '../test/testApp.ts';
import { backupSqlite, restoreSqlite } from './sqlite-backup.ts';

const REPO_ROOT = new URL('../../../', import.meta.url).pathname;

/** Runs `npm run backup`/`restore`'s script as npm would, on its own environment. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', `server/src/scripts/${script}.ts`, '--', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** SQLite only: on PostgreSQL, backups are pg_dump's (README "Deploying"). */
describe('SQLite backup and restore', () => {
  let t: TestApp;
  let token: string;
  let dir: string;
  let databaseFile: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    token = (await login(t, '13800000001')).token;
    dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
    databaseFile = t.db.sqlite?.name ?? '';
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const createFolder = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/favorite/create',
      headers: { token },
      payload: { name, remark: '' },
    });
    expect(res.json()).toMatchObject({ code: 0 });
  };

  it('backs up the running portal; a fresh DATA_DIR restored from it serves what was there', async () => {
    await createFolder('备份之前的收藏夹');
    const backup = join(dir, 'portal-backup.db');
    expect(await backupSqlite(databaseFile, backup)).toBeGreaterThan(0);
    // The portal keeps working while and after the backup is taken; later writes are not in it.
    await createFolder('备份之后的收藏夹');

    const freshDataDir = mkdtempSync(join(dir, 'data-'));
    const restoredFile = join(freshDataDir, 'portal.db');
    const result = await restoreSqlite({ backup, databaseFile: restoredFile, isRunning: async () => false });
    expect(result.keptAs).toBeNull();

    const db = createDatabase({ kind: 'sqlite', file: restoredFile });
    const app = await buildApp({ config: { ...t.config, dataDir: freshDataDir }, db, logger: false });
    try {
      // The session was in the database too: the same token still logs the user in.
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/favorite/list',
        headers: { token },
        payload: { tn: 'all' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('备份之前的收藏夹');
      expect(res.body).not.toContain('备份之后的收藏夹');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('refuses to overwrite a file, to restore while the portal runs, or to restore what is not a portal database', async () => {
    const backup = join(dir, 'second.db');
    await backupSqlite(databaseFile, backup);
    await expect(backupSqlite(databaseFile, backup)).rejects.toThrow(`备份文件已存在，不会覆盖：${backup}`);

    const target = join(mkdtempSync(join(dir, 'data-')), 'portal.db');
    writeFileSync(target, 'the current database');
    await expect(
      restoreSqlite({ backup, databaseFile: target, isRunning: async () => true }),
    ).rejects.toThrow('门户正在运行：请先停止门户（systemctl stop insight-portal），再恢复备份');
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all');
    await expect(
      restoreSqlite({ backup: junk, databaseFile: target, isRunning: async () => false }),
    ).rejects.toThrow(`不是有效的 SQLite 数据库：${junk}`);
    // Nothing was replaced by a refused restore.
    expect(readFileSync(target, 'utf8')).toBe('the current database');
  });

  it('keeps the database it replaces', async () => {
    const backup = join(dir, 'third.db');
    await backupSqlite(databaseFile, backup);
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const target = join(dataDir, 'portal.db');
    await backupSqlite(databaseFile, target);
    const { keptAs } = await restoreSqlite({
      backup,
      databaseFile: target,
      isRunning: async () => false,
      now: new Date('2026-11-25T03:04:05.678Z'),
    });
    expect(keptAs).toBe(`${target}.before-restore-2026-11-25T03-04-05-678Z`);
    expect(existsSync(keptAs ?? '')).toBe(true);
    expect(existsSync(target)).toBe(true);
  });

  it('a database made with 4 KiB pages comes back from its backup with 16 KiB pages and leaves to match, finding the same', async () => {
    const dataDir = mkdtempSync(join(dir, 'old-layout-'));
    const oldFile = join(dataDir, 'portal.db');
    // What an install from before 16 KiB pages has: the page size is fixed by its first table.
    const made = new SQLite(oldFile);
    made.pragma('journal_mode = WAL');
    made.exec('CREATE TABLE made_before (id INTEGER PRIMARY KEY)');
    made.close();
    const searchIn = async (file: string, fill: boolean) => {
      const db = createDatabase({ kind: 'sqlite', file });
      await migrateToLatest(db);
      const index = createSqliteSearchIndex({
        db: db.sqlite as SQLite.Database,
        readers: 0,
        product: 'insight',
      });
      try {
        if (fill) {
          await index.upsert(FIXTURE_DOCS);
        }
        const found = await index.search({ keyword: '宁德时代', sort: 'relevance', page: 1, pageSize: 50 });
        return found.hits.map((h) => h.id);
      } finally {
        await index.close();
        await db.close();
      }
    };
    const before = await searchIn(oldFile, true);
    expect(before.length).toBeGreaterThan(1);

    const backup = join(dir, 'old-layout.db');
    await backupSqlite(oldFile, backup);
    const pageOf = (file: string) => {
      const db = new SQLite(file, { readonly: true });
      try {
        const leaves = db
          .prepare(
            "SELECT v FROM search_fts_config WHERE k = 'pgsz' UNION ALL SELECT v FROM search_page_fts_config WHERE k = 'pgsz'",
          )
          .pluck()
          .all();
        return { page: db.pragma('page_size', { simple: true }), leaves };
      } finally {
        db.close();
      }
    };
    expect(pageOf(oldFile)).toEqual({ page: 4096, leaves: [4050, 4050] });
    expect(pageOf(backup)).toEqual({
      page: SQLITE_PAGE_BYTES,
      leaves: [SQLITE_PAGE_BYTES - 46, SQLITE_PAGE_BYTES - 46],
    });

    const restored = join(mkdtempSync(join(dir, 'data-')), 'portal.db');
    await restoreSqlite({ backup, databaseFile: restored, isRunning: async () => false });
    expect(pageOf(restored).page).toBe(SQLITE_PAGE_BYTES);
    expect(await searchIn(restored, false)).toEqual(before);
  });

  describe('the npm scripts', () => {
    let listener: Server;
    let port: number;
    beforeAll(async () => {
      listener = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      port = (listener.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it('backup writes the file; restore refuses while something listens on PORT', () => {
      const dataDir = mkdtempSync(join(dir, 'script-'));
      const target = join(dir, 'from-script.db');
      // A DATA_DIR whose database is a copy of an earlier backup.
      const copy = join(dataDir, 'portal.db');
      writeFileSync(copy, readFileSync(join(dir, 'second.db')));
      const backup = runScript('backup', [target], { DATA_DIR: dataDir });
      expect(backup.output).toContain(`→ ${target}`);
      expect(backup.status).toBe(0);
      expect(existsSync(target)).toBe(true);

      const refused = runScript('restore', [target], { DATA_DIR: dataDir, PORT: String(port) });
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('门户正在运行');

      const usage = runScript('restore', [], { DATA_DIR: dataDir });
      expect(usage.status).toBe(2);
      expect(usage.output).toContain('用法：npm run restore -- <备份文件>');
    });

    it('on PostgreSQL, backup points to pg_dump and writes nothing', () => {
      const target = join(dir, 'pg.db');
      const run = runScript('backup', [target], { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none' });
      expect(run.status).toBe(1);
      expect(run.output).toContain('pg_dump --format=custom');
      expect(existsSync(target)).toBe(false);
    });
  });
});
