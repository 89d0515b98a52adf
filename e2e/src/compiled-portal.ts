import { join } from 'node:path';
import { freePort } from './ports.ts';
import { commandOf, groupMembers, launch, waitFor, type Launched } from './processes.ts';

/** The portal as `npm start` runs it, in a process group of its own (see processes.ts). */
export type CompiledPortal = Launched & {
  url: string;
  /** The newest login code the log shows for `phone` (the log SMS adapter). */
  smsCode(phone: string): Promise<string>;
  /** The node processes serving: the primary and, with WORKERS > 1, its cluster workers. */
  servers(): number[];
};

/**
 * Starts the compiled portal on `dataDir` (SQLite) and waits until it answers: through `npm start`
 * (builds first, then npm's child is the server) or `node server/dist/main.js` directly (the
 * build of `npm test` is already there).
 */
export async function startCompiledPortal(
  how: 'npm start' | 'node',
  dataDir: string,
  env: Record<string, string> = {},
): Promise<CompiledPortal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, args] =
    how === 'npm start' ? ['npm', ['start']] : [process.execPath, ['server/dist/main.js']];
  const launched = launch(
    command,
    args,
    {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      WORKERS: '2',
      DEMO_REPORTS: '1',
      ...env,
    },
    join(dataDir, `portal-${port}.log`),
  );
  const portal: CompiledPortal = {
    ...launched,
    url,
    async smsCode(phone) {
      let code: string | undefined;
      await waitFor(
        `an SMS code for ${phone} in the log`,
        () => {
          for (const line of launched.log().split('\n')) {
            const match = line.includes('"sms code"') ? /"phone":"(\d+)","code":"(\d+)"/.exec(line) : null;
            if (match?.[1] === phone) {
              code = match[2];
            }
          }
          return code !== undefined;
        },
        5_000,
      );
      return code as string;
    },
    servers() {
      return groupMembers(launched.pid)
        .filter((p) => commandOf(p.pid).includes('server/dist/main.js'))
        .map((p) => p.pid);
    },
  };
  try {
    await waitFor(
      `${how} answering at ${url}`,
      async () => {
        if (launched.child.exitCode !== null) {
          throw new Error(`${how} exited (${launched.child.exitCode}):\n${launched.log()}`);
        }
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        // With workers, wait for all of them: the tests signal them too.
        const workers = Number(env.WORKERS ?? '2');
        return ok && (workers <= 1 || portal.servers().length === workers + 1);
      },
      90_000,
    );
  } catch (error) {
    process.kill(-launched.pid, 'SIGKILL');
    throw new Error(`${String(error)}\n${launched.log()}`, { cause: error });
  }
  return portal;
}
