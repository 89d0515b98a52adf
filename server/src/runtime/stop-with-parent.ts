import cluster from 'node:cluster';

const STOP_ENV = 'PORTAL_STOP_WITH_PARENT';

/**
 * `npm start` (scripts/start.mjs) runs the server as its child over an IPC channel. Should
 * start.mjs die without passing a signal on (kill -9, a crash), the channel closes: the server
 * then stops as on SIGTERM — requests in flight finish — instead of running on without a parent,
 * holding the port. Cluster workers follow their primary instead (runtime/serve.ts).
 */
export function stopWithParent(env: NodeJS.ProcessEnv = process.env): void {
  if (env[STOP_ENV] !== '1' || !process.channel || cluster.isWorker) {
    return;
  }
  // Workers inherit the environment; only this process watches npm start.
  delete env[STOP_ENV];
  // The listener keeps the channel referenced, so this process no longer ends when its event
  // loop empties; the server never does (it listens), and every shutdown ends in process.exit.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
