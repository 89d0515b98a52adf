import cluster from 'node:cluster';
import { askParent } from './ask-parent.ts';

const AWAIT_ENV = 'PORTAL_AWAIT_WEB_BUILD';

/**
 * `npm start` on sources it has not built yet (scripts/start.mjs) builds the web app while this
 * process sets up and seeds the database; before serving, wait here until that build is done.
 * Otherwise — a plain `node server/dist/main.js`, tests, a cluster worker — it returns at once.
 * Rejects when the build failed or npm start went away, so the server stops instead of serving
 * a missing or half-written app.
 */
export async function webBuildFinished(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const send = process.send?.bind(process);
  if (env[AWAIT_ENV] !== '1' || !send || cluster.isWorker) {
    return;
  }
  // Cluster workers inherit the environment: only this process talks to npm start.
  delete env[AWAIT_ENV];
  const reply = await askParent<{ ok: boolean }>(send, { type: 'await-web-build' }, 'web-build');
  if (reply === 'disconnected') {
    throw new Error('npm start stopped before the web build finished');
  }
  // Nothing more to hear from npm start, but the channel stays open: its closing tells this
  // process that npm start is gone (stop-with-parent.ts). With no listener left it keeps nothing
  // alive (an explicit unref() would stop listeners from keeping it alive for good).
  if (!reply.ok) {
    throw new Error('the web build failed');
  }
}
