import fastifySwagger from '@fastify/swagger';
import { siteApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { isApiPath } from '../../http/web.ts';

export type OpenApiMode = 'off' | 'admin' | 'public';

export const OPENAPI_PATH = siteApi.openapi.path;

/**
 * GET /api/openapi.json: an OpenAPI 3 document of every /api route, generated from the zod
 * schemas the routes validate with (the contract), so it cannot drift from what the server
 * accepts. `off` (the default) registers nothing; `admin` serves it to a role-2 session only:
 * the document maps the whole attack surface. Must be registered before the routes it
 * describes (it collects them as they are added), after `registerRequireUser` (requireAdmin).
 */
export async function registerOpenApi(app: FastifyInstance, mode: OpenApiMode): Promise<void> {
  if (mode === 'off') {
    return;
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '洞察门户 API',
        description:
          'Every reply is the envelope {code, message, data}; the session token goes in the `token` header.',
        version: '1',
      },
    },
    transform: (input) =>
      // The web app's static files and the SPA fallback are not API.
      isApiPath(input.url) && input.url !== OPENAPI_PATH
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });
  route(
    app.withTypeProvider<ZodTypeProvider>(),
    siteApi.openapi,
    mode === 'admin' ? { preHandler: app.requireAdmin } : {},
    async (_request, reply) => reply.header('cache-control', 'no-store').send(app.swagger()),
  );
}
