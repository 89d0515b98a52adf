import type { FastifyServerOptions } from 'fastify';

export type LogOption = false | { level?: string; stream?: { write(line: string): void } };

/** Request log lines never carry a login code (the query of GET /api/login). */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&]code=)[^&]*/g, '$1***');
}

/** Fastify's pino options: JSON lines on stdout at `level`, with request URLs redacted. */
export function loggerOptions(level: string, option: LogOption | undefined): FastifyServerOptions['logger'] {
  if (option === false) return false;
  return {
    level,
    ...option,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
