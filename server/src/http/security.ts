import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every reply. The CSP allows only what the app uses: its own scripts,
 * its own styles plus inline ones (antd's CSS-in-JS), images from itself or data:/blob: URLs,
 * and frames from itself plus the configured dashboard providers (Tableau, QuickBI, Power BI).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  frameOrigins: readonly string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...frameOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    // Plain-http local installs must keep working; HSTS belongs on the TLS front end.
    strictTransportSecurity: false,
  });
}
