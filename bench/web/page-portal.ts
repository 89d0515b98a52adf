import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { TOKEN_COOKIE } from '@portal/contract';
import { startCompiledPortal, type CompiledPortal } from '../../e2e/src/compiled-portal.ts';
import { groupMembers, killGroup, waitFor } from '../../e2e/src/processes.ts';

/** What the page benches (bench:web, bench:pages, bench:api's page row) share. */

const root = new URL('../..', import.meta.url).pathname;

/**
 * A copy of the web build in `dataDir`, for the portal to serve (`WEB_DIST`): another build in the
 * shared checkout empties web/dist, and every page after it would be a 500. The server render's
 * bundle goes beside it (server/src/http/ssr.ts renderBundleOf). Returns the copy's web folder.
 */
export function copyWebBuild(dataDir: string): string {
  const webDist = join(dataDir, 'web-dist');
  cpSync(join(root, 'web', 'dist'), webDist, { recursive: true });
  cpSync(join(root, 'web', 'dist-ssr'), join(dataDir, 'dist-ssr'), { recursive: true });
  return webDist;
}

/** Signed-in list screens whose address needs no id, by the name the page tools print. */
export const LIST_SCREENS: Record<string, string> = {
  home: '/homepage',
  search: `/searchpage/searchpage?search=${encodeURIComponent('新能源汽车')}`,
  headlines: '/headlines',
  report_list: '/report',
  organisations: '/organ',
};

/** The compiled portal on a fresh demo library in `dataDir`, one worker, serving a copy of the build. */
export function startDemoPortal(dataDir: string): Promise<CompiledPortal> {
  return startCompiledPortal('node', dataDir, {
    WEB_DIST: copyWebBuild(dataDir),
    WORKERS: '1',
    DEMO_REPORTS: '12',
    LOG_LEVEL: 'info',
  });
}

/** SIGTERM, as a service manager stops it; what is still there after 15 s is killed. */
export async function stopPortal(portal: CompiledPortal): Promise<void> {
  process.kill(portal.pid, 'SIGTERM');
  await waitFor('the portal to stop', () => groupMembers(portal.pid).length === 0, 15_000).catch(() =>
    killGroup(portal.pid),
  );
}

/** A page request's headers as a signed-in browser sends them: the session in its cookie. */
export function pageHeaders(token: string): Record<string, string> {
  return { cookie: `${TOKEN_COOKIE}=${encodeURIComponent(token)}` };
}

/** Refuses a page whose screen the server did not render: the bench would measure a file. */
export function assertRendered(path: string, html: string): void {
  if (html.includes('<div id="root"></div>')) {
    throw new Error(`${path} came unrendered: is web/dist-ssr built (npm run build)?`);
  }
}
