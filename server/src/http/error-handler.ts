import { MSG, ResultCode } from '@portal/contract';
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
