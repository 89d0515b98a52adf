import { hasControlChar, MSG } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** Deeper than any request the contract accepts; deeper input is refused rather than walked. */
const MAX_DEPTH = 16;

/** True when any string in `value` — a key or a value, at any depth — holds a control character. */
export function holdsControlChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    return hasControlChar(value);
  }
  if (value === null || typeof value !== 'object') {
    return false;
  }
  if (depth >= MAX_DEPTH) {
    return true;
  }
  if (Array.isArray(value)) {
    return value.some((item) => holdsControlChar(item, depth + 1));
  }
  return Object.entries(value).some(
    ([key, item]) => hasControlChar(key) || holdsControlChar(item, depth + 1),
  );
}

/**
 * The one place the control-character rule (contract `hasControlChar`) is applied: a JSON body
 * or query string holding one is a 400 before any route sees it, so no text field — folder
 * names, notes, nicknames, enquiries, keywords, searches — can reach either database with one.
 */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsControlChar(request.query) || holdsControlChar(request.body)) {
      done(AppError.badRequest(MSG.controlChar));
      return;
    }
    done();
  });
}
