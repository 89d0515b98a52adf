import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ResultCode } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { METRICS_CONTENT_TYPE, portalMetricsText } from './cluster-metrics.ts';
import { httpDuration, httpRequests } from './metrics.ts';

export const METRICS_MESSAGES = {
  loopbackOnly: '监控指标仅限本机访问',
  badToken: '监控指标令牌无效',
} as const;

/** Requests the router matched no route for: one label, not one per probed URL. */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Counts every reply by method, route pattern (`/api/company/detail`, never the raw URL with
 * its ids and queries) and status, and serves Prometheus text at GET /metrics: to a scraper on
 * this machine by default, or with `token` (METRICS_TOKEN) only to `Authorization: Bearer
 * <token>`, from anywhere.
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | null }): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    httpRequests.inc({ method: request.method, route, status: reply.statusCode });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    allowScrape(request, options.token);
    const text = await portalMetricsText();
    return reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE).send(text);
  });
}

function allowScrape(request: FastifyRequest, token: string | null): void {
  if (token !== null) {
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new AppError(401, ResultCode.failure, METRICS_MESSAGES.badToken);
    }
    return;
  }
  // The socket's own address, never X-Forwarded-For (anyone can send that header); and a
  // request a local reverse proxy forwarded came from outside, whatever its socket says.
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded || !isLoopback(request.socket.remoteAddress)) {
    throw new AppError(403, ResultCode.failure, METRICS_MESSAGES.loopbackOnly);
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) {
    return false;
  }
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) {
    return false;
  }
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    return v4.startsWith('127.');
  }
  return address === '::1';
}
