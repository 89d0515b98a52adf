import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EARLY_INPUT_SCRIPT } from '@portal/contract';
import { LATE_CODE_SCRIPT } from './late-code.ts';

/** A CSP source that allows one inline script by its exact text. */
const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP allows only what the app uses: its own scripts and the one inline script of a
 * server-rendered page (early-input.ts, by its hash), its own styles plus inline ones
 * (style attributes), images from itself or data:/blob: URLs, and frames from itself plus the
 * configured dashboard providers (Tableau, QuickBI, Power BI).
 */
export function contentSecurityPolicy(frameOrigins: readonly string[]): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", scriptHash(EARLY_INPUT_SCRIPT), scriptHash(LATE_CODE_SCRIPT)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'", ...frameOrigins]],
    ['font-src', ["'self'", 'data:']],
    ['object-src', ["'none'"]],
    // Nothing here uses <base href> (the headline frame's <base target> carries no URL), so none is allowed.
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/**
 * Security headers on every reply (the set helmet sends, minus HSTS: plain-http local installs
 * must keep working, and HSTS belongs on the TLS front end). Computed once at start-up: building
 * them per request (as helmet does) cost several per cent of every API call.
 */
export function registerSecurityHeaders(app: FastifyInstance, frameOrigins: readonly string[] = []): void {
  const headers = securityHeaders(frameOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers themselves: also written by hand on the replies Node sends before Fastify (error-handler.ts). */
export function securityHeaders(frameOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(frameOrigins),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}
