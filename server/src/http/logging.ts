import type { FastifyServerOptions } from 'fastify';

export type LogOption = false | { level?: string; stream?: { write(line: string): void } };

/** Request log lines never carry a login code (the query of GET /api/login). */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&]code=)[^&]*/g, '$1***');
}

/** Fastify's pino options: JSON lines on stdout at `level`, with request URLs redacted. */
export function loggerOptions(level: string, option: LogOption | undefined): FastifyServerOptions['logger'] {
  if (option === false) {
    return false;
  }
  return {
    level,
    ...option,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

type AccessLogApp = {
  addHook(
    name: 'onResponse',
    hook: (
      request: { method: string; url: string; ip: string; log: { info(o: object, msg: string): void } },
      reply: { statusCode: number; elapsedTime: number },
    ) => Promise<void>,
  ): unknown;
};

/**
 * One access-log line per request, written when the reply is sent (Fastify's default writes
 * two: on arrival and on completion). Halves log volume on the hot path; URLs are redacted.
 */
export function registerAccessLog(app: AccessLogApp): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
