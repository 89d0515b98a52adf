import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoRoot } from './processes.ts';
import type { PortalServer } from './server.ts';

const run = promisify(execFile);

/** `npm run digest` against a running portal's data folder, as an operator would; its output. */
export async function runDigest(portal: PortalServer): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/scripts/digest.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: portal.dataDir,
      PUBLIC_URL: portal.url,
      LOG_LEVEL: 'silent',
    },
  });
  return stdout;
}
