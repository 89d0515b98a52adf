import { MSG, ResultCode } from '@portal/contract';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { errorBody } from './envelope.ts';

const CONTRACT_MESSAGES: ReadonlySet<string> = new Set(Object.values(MSG));

/** Only messages written in the contract reach users; zod's own English defaults do not. */
function userMessage(message: string | undefined): string {
  return message && CONTRACT_MESSAGES.has(message) ? message : MSG.badRequest;
}

/** Errors Fastify raises before routing (e.g. a malformed URL) get the envelope too. */
export function frameworkErrorReply(error: FastifyError, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void send(reply, status, ResultCode.failure, MSG.badRequest);
}

function send(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/**
 * Maps every failure to the `{code, message, data: null}` envelope:
 * AppError as declared; input validation → 400 with the first issue's contract message;
 * Fastify's own 4xx (body too large, bad JSON, bad content type) → their status with a generic
 * message; anything else → 500, logged, with no internals in the reply.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, error.httpStatus, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, ResultCode.failure, userMessage(error.validation[0]?.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'request rejected');
      return send(reply, status, ResultCode.failure, MSG.badRequest);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, ResultCode.failure, MSG.serverError);
  });
}

/** What Node reports on a connection it could not read a request from (its `clientError`). */
type ClientError = Error & { code?: string };

const CLIENT_ERRORS: Readonly<Record<string, { status: number; message: string }>> = {
  // Request line plus headers past Node's 16 KiB: an over-long URL, cookie or header.
  HPE_HEADER_OVERFLOW: { status: 431, message: MSG.requestTooLong },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: MSG.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: the replies Node's HTTP parser needs before any request
 * exists — too long, too slow, not HTTP — which Fastify's default writes as an English,
 * non-envelope body without our headers. Here they are the usual `{code, message, data}`
 * envelope in Chinese with the security headers, written by hand as Node would (no request,
 * so no hooks run), and the connection is closed.
 */
export function clientErrorReply(headers: Readonly<Record<string, string>>) {
  return function (this: FastifyInstance, error: ClientError, socket: Duplex): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) {
      return;
    }
    const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: MSG.badRequest };
    this.log.debug({ code: error.code, status }, 'client error');
    if (socket.writable) {
      const body = errorBody(ResultCode.failure, message);
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
