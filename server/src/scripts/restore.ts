import { connect } from 'node:net';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, restoreSqlite } from './sqlite-backup.ts';

const PROBE_TIMEOUT_MS = 2000;

/**
 * `npm run restore -- <file>`: puts a `npm run backup` file in place of DATA_DIR/portal.db.
 * Refuses while anything listens on the portal's PORT (stop it first); keeps the replaced database beside it.
 */
async function main(): Promise<number> {
  const source = process.argv.slice(2).find((a) => a !== '--');
  if (!source) {
    console.error('用法：npm run restore -- <备份文件>（先停止门户）');
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL 指向 PostgreSQL：请用 pg_restore 恢复，例如\n' +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" portal.dump\n' +
        '（见 README「Deploying」）',
    );
    return 1;
  }
  const result = await restoreSqlite({
    backup: resolve(process.cwd(), source),
    databaseFile: config.database.file,
    isRunning: () =>
      portIsOpen(['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host, config.port),
  });
  console.log(`已恢复 ${result.replacedBy} → ${config.database.file}`);
  if (result.keptAs) {
    console.log(`原数据库保留为 ${result.keptAs}`);
  }
  return 0;
}

/** Whether something (a portal, stopping or hung, counts) accepts connections on the portal's port. */
function portIsOpen(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: PROBE_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    // Refused: nothing listens. A timeout is a host that drops packets, not a local portal.
    socket.once('error', () => done(false));
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
