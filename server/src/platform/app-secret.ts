import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs links the portal e-mails (unsubscribe): APP_SECRET when set, else a
 * random one generated on first use and kept in DATA_DIR/app-secret, so links stay valid across
 * restarts. Several app nodes on different disks must share APP_SECRET.
 */
export function resolveAppSecret(config: { appSecret: string | null; dataDir: string }): string {
  if (config.appSecret) {
    return config.appSecret;
  }
  const file = join(config.dataDir, 'app-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      return existing;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw err;
    }
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': if another process created it meanwhile, keep theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      return readFileSync(file, 'utf8').trim();
    }
    throw err;
  }
}
