import cluster from 'node:cluster';
import { loadConfig } from './config.ts';
import { runCluster, WORKER_SLOT_ENV } from './runtime/cluster.ts';
import { serve } from './runtime/serve.ts';
import { stopWithParent } from './runtime/stop-with-parent.ts';

/** `npm start`: one server process, or a cluster of WORKERS of them (runtime/cluster.ts). */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  stopWithParent();
  if (cluster.isWorker) {
    await serve(config, { setup: false, scheduleDigest: process.env[WORKER_SLOT_ENV] === '0' });
  } else if (config.workers > 1) {
    await runCluster(config);
  } else {
    await serve(config, { setup: true, scheduleDigest: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
