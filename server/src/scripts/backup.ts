import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, backupSqlite } from './sqlite-backup.ts';

/**
 * `npm run backup -- <file>`: an online backup of the SQLite database while the portal runs.
 * Uploaded and generated files live in DATA_DIR/files and are backed up by copying that folder
 * (README "Deploying"). On PostgreSQL, pg_dump is the tool; this says so and does nothing.
 */
async function main(): Promise<number> {
  const target = process.argv.slice(2).find((a) => a !== '--');
  if (!target) {
    console.error('用法：npm run backup -- <备份文件>');
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL 指向 PostgreSQL：请用 pg_dump 备份，例如\n' +
        '  pg_dump --format=custom --file=portal.dump "$DATABASE_URL"\n' +
        '（见 README「Deploying」）',
    );
    return 1;
  }
  const file = resolve(process.cwd(), target);
  const bytes = await backupSqlite(config.database.file, file);
  console.log(`已备份 ${config.database.file} → ${file}（${(bytes / 1024 / 1024).toFixed(1)} MB）`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
