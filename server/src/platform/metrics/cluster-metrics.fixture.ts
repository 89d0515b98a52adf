/**
 * A two-worker cluster for cluster-metrics.test.ts: worker n counts n + 1 requests, then worker
 * 0 asks for the cluster's metrics as a scrape would and the primary prints what it got.
 */
import cluster from 'node:cluster';
import { portalMetricsText, serveClusterMetrics } from './cluster-metrics.ts';
import { httpRequests } from './metrics.ts';

const WORKERS = 2;
const labels = { method: 'GET', route: '/api/fixture', status: '200' };

if (cluster.isPrimary) {
  serveClusterMetrics();
  let counted = 0;
  const workers = Array.from({ length: WORKERS }, (_, n) => cluster.fork({ FIXTURE_WORKER: String(n) }));
  cluster.on('message', (_worker, message: { type?: string; text?: string }) => {
    if (message.type === 'counted' && ++counted === WORKERS) {
      workers[0]?.send({ type: 'scrape' });
    } else if (message.type === 'scraped') {
      process.stdout.write(message.text ?? '');
      for (const worker of workers) {
        worker.kill();
      }
    }
  });
} else {
  const n = Number(process.env.FIXTURE_WORKER);
  httpRequests.inc(labels, n + 1);
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'scrape') {
      void portalMetricsText().then((text) => process.send?.({ type: 'scraped', text }));
    }
  });
  process.send?.({ type: 'counted' });
}
