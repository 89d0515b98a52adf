import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { digestSlotAway } from './digest-env.ts';
import { freePort } from './ports.ts';
import { SEED_ENV, usesSeedTemplate } from './seed-template-env.ts';

const repoRoot = new URL('../..', import.meta.url).pathname;

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding the seeded demo library (global-setup.ts), copied by each spec's portal. */
    seedTemplate: string;
  }
}

export type PortalServer = {
  url: string;
  /** The portal's DATA_DIR: uploads, and the mail outbox (`outbox/`) when SMTP_URL is unset. */
  dataDir: string;
  /** Everything the portal wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** The newest login code the SMS adapter logged for a phone (what a person reads in the log). */
  smsCode(phone: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * Starts the real portal — the compiled build (`node server/dist/main.js`, what `npm start`
 * runs), or with `fromSource` its TypeScript through tsx as `npm run dev` does — on a fresh
 * SQLite database in a temp directory, with the demo seed, and waits until it answers. The build
 * is made first when its sources changed (`scripts/build-if-changed.mjs`, once per process). A
 * compiled start took ~2.2 s and ~2.7 s of CPU, one through tsx ~4.2 s and ~5.8 s (2 cores,
 * 2026-12-02), and the e2e suite starts about forty.
 *
 * The demo seed is built once per run (`global-setup.ts`) and copied into each spec's data
 * directory: seeding takes ~10 s of a cold start, and every spec would otherwise repeat it. A
 * spec that changes what is seeded (`SEED_ENV`, e.g. a smaller `DEMO_REPORTS`) seeds its own.
 *
 * A start that does not answer in time fails with its log (each set-up step, and `still <step>
 * after N s` from the watchdog) and, where gdb exists, every thread's native stack. It is not
 * retried: the one start that was seen to hang (canvas drawing demo posters on the main thread
 * while the PDF worker held the same addon) had a cause that is gone (README, "Tests").
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; startTimeoutMs?: number; fromSource?: boolean } = {},
): Promise<PortalServer> {
  // Inside the e2e run only: the benchmarks start portals with this too, outside Vitest.
  const template =
    process.env.VITEST && usesSeedTemplate(env) ? (await import('vitest')).inject('seedTemplate') : undefined;
  return startPortalOnce(env, { ...options, template });
}

/**
 * Seeds a data directory with the demo library the way a first start does, and leaves it there
 * (SQLite closed cleanly by SIGTERM) for `startPortal` to copy.
 */
export async function seedTemplate(): Promise<string> {
  const portal = await startPortalOnce({}, { keepDataDir: true });
  await portal.stop();
  return portal.dataDir;
}

/** The native stacks of every thread of `pid`, when gdb is installed (`.ci/run` installs it). */
function threadStacks(pid: number | undefined): string {
  if (pid === undefined || !existsSync('/usr/bin/gdb')) {
    return '(no thread stacks: gdb is not installed)';
  }
  try {
    return execFileSync('/usr/bin/gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 30'], {
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    return `(gdb failed: ${String(error)})`;
  }
}

let buildChecked = false;

/** Builds the server and web app when their sources changed since the last build. */
function ensureBuild(): void {
  if (buildChecked) {
    return;
  }
  try {
    execFileSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: repoRoot, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`the build failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`, { cause: error });
  }
  buildChecked = true;
}

async function startPortalOnce(
  env: Record<string, string>,
  options: {
    nodeArgs?: string[];
    startTimeoutMs?: number;
    template?: string;
    keepDataDir?: boolean;
    fromSource?: boolean;
  },
): Promise<PortalServer> {
  if (!options.fromSource) {
    ensureBuild();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  if (options.template) {
    // The database, files and app secret; not the template's own log.
    cpSync(options.template, dataDir, { recursive: true, filter: (src) => basename(src) !== 'portal.log' });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The log goes to a file, as a deployment's would: a pipe read by this process (which may be
  // busy driving a benchmark) backs up and slows the server down.
  const logFile = join(dataDir, 'portal.log');
  const logFd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(options.fromSource ? ['--import', 'tsx', 'server/src/main.ts'] : ['server/dist/main.js']),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'info',
        // One process starts fastest; cluster.test.ts and bench:api run several.
        WORKERS: '1',
        ...digestSlotAway(),
        ...SEED_ENV,
        ...env,
      },
      stdio: ['ignore', logFd, logFd],
    },
  );
  closeSync(logFd);
  const log = () => readFileSync(logFile, 'utf8');
  /** The newest code the SMS adapter logged for each phone. */
  const codes = () => {
    const found = new Map<string, string>();
    for (const line of log().split('\n')) {
      if (!line.startsWith('{') || !line.includes('"code"')) {
        continue;
      }
      try {
        const entry = JSON.parse(line) as { phone?: string; code?: string };
        if (entry.phone && entry.code) {
          found.set(entry.phone, entry.code);
        }
      } catch {
        // not a JSON log line
      }
    }
    return found;
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`portal exited early (${child.exitCode}):\n${log()}`);
    }
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const stacks = threadStacks(child.pid);
      // A hung process may not run its SIGTERM handler; cluster workers exit with their primary.
      child.kill('SIGKILL');
      throw new Error(`portal did not start in time:\n${log()}\n${stacks}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    output: log,
    async smsCode(phone) {
      for (let i = 0; i < 50; i++) {
        const code = codes().get(phone);
        if (code) {
          return code;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS code logged for ${phone}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDataDir) {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
