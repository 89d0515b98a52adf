import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric of this process (README.md beside this file lists them). One registry per
 * process: metrics count what the process did, whatever app instances it builds.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
if (cluster.isWorker) {
  // A cluster worker answers the primary's requests for its metrics (cluster-metrics.ts).
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
}

const registers = [metricsRegistry];
/** Seconds; from a cached page (~1 ms) to a slow upload or export. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from request to reply sent, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const searchDuration = new Histogram({
  name: 'portal_search_duration_seconds',
  help: 'Search index queries (cache misses of the search service), by engine',
  labelNames: ['engine'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

/** planned: digests recorded for a day; sent, failed (final), retrying: send attempts. */
export type DigestOutcome = 'planned' | 'sent' | 'failed' | 'retrying';
export const digestDeliveries = new Counter({
  name: 'portal_digest_deliveries_total',
  help: 'Keyword digests planned, and send attempts by outcome (sent, failed, retrying)',
  labelNames: ['outcome'] as const,
  registers,
});

export function countDigests(outcome: DigestOutcome, count = 1): void {
  digestDeliveries.inc({ outcome }, count);
}

/**
 * For the headline-feed module: one `inc` per fetch of a feed (`outcome` ok, not_modified or
 * failed) and the items it brought in. Nothing counts them yet, so they are absent from
 * /metrics until that module does.
 */
export const feedFetches = new Counter({
  name: 'portal_feed_fetches_total',
  help: 'Headline feed fetches, by feed and outcome (ok, not_modified, failed)',
  labelNames: ['feed', 'outcome'] as const,
  registers,
});
export const feedItems = new Counter({
  name: 'portal_feed_items_total',
  help: 'New headlines stored from feeds, by feed',
  labelNames: ['feed'] as const,
  registers,
});

export const ingestQueue = new Gauge({
  name: 'portal_ingest_queue_jobs',
  help: 'PDF jobs waiting for or running in the PDF worker thread, by kind (process, render, layout)',
  labelNames: ['kind'] as const,
  registers,
});
export const ingestJobs = new Counter({
  name: 'portal_ingest_jobs_total',
  help: 'PDF jobs finished, by kind (process, render, layout) and outcome (ok, refused, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});
export const ingestDuration = new Histogram({
  name: 'portal_ingest_job_duration_seconds',
  help: 'PDF jobs from queued to finished, by kind',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers,
});

/** Times one search-index query. */
export async function measureSearch<T>(engine: 'sqlite' | 'postgres', query: () => Promise<T>): Promise<T> {
  const end = searchDuration.startTimer({ engine });
  try {
    return await query();
  } finally {
    end();
  }
}
