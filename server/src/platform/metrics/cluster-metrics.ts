import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

const REQUEST = 'portal:cluster-metrics-request';
const REPLY = 'portal:cluster-metrics-reply';
/** prom-client gives each worker 5 s to answer; a little more for the round trip. */
const REPLY_TIMEOUT_MS = 6000;

type MetricsRequest = { type: typeof REQUEST; id: number };
type MetricsReply = { type: typeof REPLY; id: number; text?: string; error?: string };

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * In a cluster's primary: answers a worker's request for the whole cluster's metrics, which
 * prom-client's AggregatorRegistry collects from every worker over IPC and sums (counters,
 * histograms) or keeps per worker. Call once, before the workers start.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) {
      return;
    }
    const reply = (body: Omit<MetricsReply, 'type' | 'id'>) => {
      if (worker.isConnected()) {
        worker.send({ type: REPLY, id: message.id, ...body } satisfies MetricsReply);
      }
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

let lastId = 0;

/**
 * The Prometheus text of every process serving this port: the whole cluster's when this is a
 * cluster worker (asked of the primary), else this process's own.
 */
export async function portalMetricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) {
    return metricsRegistry.metrics();
  }
  const id = ++lastId;
  return new Promise<string>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isMessage<MetricsReply>(message, REPLY) || message.id !== id) {
        return;
      }
      finish();
      if (message.text !== undefined) {
        resolve(message.text);
      } else {
        reject(new Error(`cluster metrics: ${message.error ?? 'no reply'}`));
      }
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('cluster metrics: the primary did not answer'));
    }, REPLY_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}

/** The content type of the text portalMetricsText returns. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
