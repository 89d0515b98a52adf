import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_PAGE_BYTES } from '../db/database.ts';
import { alignFtsLeaves } from '../search/fts-leaves.ts';

/** A refusal the command prints as it is and exits non-zero on. */
export class BackupError extends Error {}

/**
 * An online backup of the portal's SQLite database into `target`: `VACUUM INTO` writes a
 * consistent snapshot (one read transaction) while the portal keeps reading and writing (WAL
 * mode), so the portal need not stop. The copy is compacted and has the page size new files get
 * (SQLITE_PAGE_BYTES), its FTS5 leaves sized to match: restoring it is how a file made with
 * 4 KiB pages moves to the faster layout (README "Deploying"). Written to a temp file beside
 * `target` and renamed, so a crash never leaves a half backup under the real name. Returns the
 * size in bytes.
 */
export async function backupSqlite(databaseFile: string, target: string): Promise<number> {
  if (!existsSync(databaseFile)) {
    throw new BackupError(`找不到数据库文件：${databaseFile}`);
  }
  if (existsSync(target)) {
    throw new BackupError(`备份文件已存在，不会覆盖：${target}`);
  }
  const partial = join(dirname(target), `.${basename(target)}.partial`);
  rmSync(partial, { force: true });
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // On a read-only connection this only names the page size VACUUM INTO writes with.
    source.pragma(`page_size = ${SQLITE_PAGE_BYTES}`);
    source.prepare('VACUUM INTO ?').run(partial);
    const copy = new Database(partial, { fileMustExist: true });
    try {
      alignFtsLeaves(copy);
    } finally {
      copy.close();
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  checkPortalDatabase(partial);
  renameSync(partial, target);
  return statSync(target).size;
}

/** What restoreSqlite did: where the database that was replaced now is (null when there was none). */
export type RestoreResult = { replacedBy: string; keptAs: string | null };

/**
 * Puts a backup in place of the portal's database file. The portal must be stopped (`isRunning`
 * says whether it answers): a running server would keep writing to the file it has open. The
 * backup is checked first (a SQLite file that passes `integrity_check` and holds the portal's
 * migrations); the current database, if any, is kept beside it as `portal.db.before-restore-…`,
 * never deleted.
 */
export async function restoreSqlite(options: {
  backup: string;
  databaseFile: string;
  isRunning: () => Promise<boolean>;
  now?: Date;
}): Promise<RestoreResult> {
  const { backup, databaseFile } = options;
  if (!existsSync(backup)) {
    throw new BackupError(`找不到备份文件：${backup}`);
  }
  if (await options.isRunning()) {
    throw new BackupError('门户正在运行：请先停止门户（systemctl stop insight-portal），再恢复备份');
  }
  checkPortalDatabase(backup);
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  let keptAs: string | null = null;
  if (existsSync(databaseFile)) {
    keptAs = `${databaseFile}.before-restore-${stamp}`;
    // Folds the WAL into the file first, so the kept copy is complete on its own.
    const current = new Database(databaseFile, { fileMustExist: true });
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      current.close();
    }
    renameSync(databaseFile, keptAs);
  }
  for (const suffix of ['-wal', '-shm']) {
    rmSync(`${databaseFile}${suffix}`, { force: true });
  }
  const incoming = `${databaseFile}.restoring`;
  const source = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(incoming);
  } finally {
    source.close();
  }
  renameSync(incoming, databaseFile);
  return { replacedBy: backup, keptAs };
}

/** Refuses a file that is not an intact SQLite database of this portal. */
function checkPortalDatabase(file: string): void {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupError(`不是有效的 SQLite 数据库：${file}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') {
      throw new BackupError(`备份文件已损坏（integrity_check：${String(integrity)}）：${file}`);
    }
    const migrations = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get() as { n: number };
    if (migrations.n === 0) {
      throw new BackupError(`不是洞察门户的数据库（没有迁移记录）：${file}`);
    }
  } catch (error) {
    if (error instanceof BackupError) {
      throw error;
    }
    throw new BackupError(`不是有效的 SQLite 数据库：${file}`);
  } finally {
    db.close();
  }
}
