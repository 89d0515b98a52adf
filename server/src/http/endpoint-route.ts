import type { TEndpoint, TEnvelope, TReplyOf } from '@portal/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose routes validate with zod (what `FastifyPluginAsyncZod` hands a plugin). */
export type TZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A request typed by its route's zod schema (`request.body`, `request.query`, `request.params`). */
export type TEndpointRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

/**
 * What a handler answers: the endpoint's envelope — typed by the contract, so the server cannot
 * send a shape the web client does not expect — or a reply it wrote itself (a file, a redirect,
 * a cached page's bytes from `okJson`).
 */
export type TEndpointAnswer<E> = TEnvelope<TReplyOf<E>> | FastifyReply | Buffer;

/**
 * Registers the handler of one endpoint of the contract's route map (`@portal/contract` `API`):
 * the method and path come from the map, never from a string written here.
 */
export function route<E extends TEndpoint, S extends FastifySchema = FastifySchema>(
  app: TZodApp,
  endpoint: E,
  options: Omit<RouteShorthandOptions, 'schema'> & { schema?: S },
  handler: (request: TEndpointRequest<S>, reply: FastifyReply) => Promise<TEndpointAnswer<E>>,
): void {
  // The types above are what the call site sees; Fastify's own route() generics cannot express
  // "the schema's types" through a wrapper, so the registration itself is untyped.
  app.route({ ...options, method: endpoint.method, url: endpoint.path, handler } as Parameters<
    TZodApp['route']
  >[0]);
}
