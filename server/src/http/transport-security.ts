import type { FastifyInstance } from 'fastify';

/** Two years, the preload lists' minimum; subdomains included. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * HSTS on replies to requests that came over https — directly, or through a trusted proxy's
 * X-Forwarded-Proto (TRUST_PROXY) — so a browser that has reached the portal over TLS never
 * falls back to plain http. Plain-http installs (local, intranet) never get it: it would lock
 * their browsers out.
 */
export function registerTransportSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
    }
    done();
  });
}
