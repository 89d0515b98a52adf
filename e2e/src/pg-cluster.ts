import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/**
 * Throwaway PostgreSQL servers for the multi-node spec: a primary and a streaming hot standby
 * made from it with `pg_basebackup`, each on a random loopback port, in a temp directory removed
 * afterwards. The binaries run as `postgres` when this process is root (CI), as initdb refuses root.
 */

/** The newest installed server's bin directory, or null (the spec then skips, unless REQUIRE_PG). */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) {
    return null;
  }
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export type PgServer = {
  port: number;
  dataDir: string;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
};

export type PgPair = { primary: PgServer; standby: PgServer; remove(): Promise<void> };

const USER = 'portal';
const DATABASE = 'portal';

/** Makes a primary with database `portal` (user `portal`, trust on loopback) and a standby of it. */
export async function startPrimaryAndStandby(bin: string): Promise<PgPair> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  if (asRoot) {
    chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  }
  chmodSync(dir, 0o700);
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { cwd: dir })
      : run(join(bin, name), args, { cwd: dir });

  const primaryDir = join(dir, 'primary');
  await tool('initdb', ['-D', primaryDir, '-U', USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '-N']);
  // A test server: durability off (the data is thrown away), replication on, sockets in the temp dir.
  appendFileSync(
    join(primaryDir, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 100',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
  const server = (dataDir: string, port: number): PgServer => ({
    port,
    dataDir,
    url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`,
    start: async () => {
      await tool('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-o', `-p ${port}`, '-w', 'start']);
    },
    stop: async () => {
      await tool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
  });
  const primary = server(primaryDir, await freePort());
  await primary.start();
  await tool('createdb', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', USER, DATABASE]);

  const standbyDir = join(dir, 'standby');
  // -R writes standby.signal and primary_conninfo: the copy starts as a streaming hot standby.
  await tool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    USER,
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
  ]);
  const standby = server(standbyDir, await freePort());
  await standby.start();
  return {
    primary,
    standby,
    async remove() {
      for (const s of [standby, primary]) {
        await tool('pg_ctl', ['-D', s.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function idOf(flag: '-u' | '-g', name: string): number {
  // `id` is always there; no passwd parsing of our own.
  return Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
}
const uidOf = (name: string) => idOf('-u', name);
const gidOf = (name: string) => idOf('-g', name);
