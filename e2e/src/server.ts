import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = new URL('../..', import.meta.url).pathname;

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real portal (`server/src/main.ts`, as `npm start` does after the build) on a fresh
 * SQLite database in a temp directory, with the demo seed, and waits until it answers.
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; startTimeoutMs?: number } = {},
): Promise<PortalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'],
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
        // A smaller demo library keeps each spec's cold start short; every other kind of content is seeded in full.
        DEMO_REPORTS: '12',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const codes = new Map<string, string>();
  let log = '';
  const onLine = (line: string) => {
    if (!line.startsWith('{')) {
      return;
    }
    try {
      const entry = JSON.parse(line) as { phone?: string; code?: string };
      if (entry.phone && entry.code) {
        codes.set(entry.phone, entry.code);
      }
    } catch {
      // not a JSON log line
    }
  };
  let buffer = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk;
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    lines.forEach(onLine);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));

  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`portal exited early (${child.exitCode}):\n${log}`);
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
      // Stop it (and its cluster workers, which follow the primary) rather than leave it running.
      child.kill('SIGTERM');
      throw new Error(`portal did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    output: () => log,
    async smsCode(phone) {
      for (let i = 0; i < 50; i++) {
        const code = codes.get(phone);
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
