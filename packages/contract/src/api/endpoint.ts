/**
 * The typed route map's building block (issue 17): one API call's method and path, and — as types
 * only — what it takes and what its envelope's `data` holds. The server registers its routes on
 * these paths and the web client calls them through them, so a path is written once, here, and a
 * reply's shape is checked on both sides of the wire.
 */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TEndpoint<
  TInput = unknown,
  TReply = unknown,
  TMethod extends THttpMethod = THttpMethod,
  TPath extends string = string,
> = {
  readonly method: TMethod;
  /** Fastify's and React Router's syntax: `/api/admin/users/:id`. */
  readonly path: TPath;
  /** Never set: carries the input and reply types. */
  readonly types?: { readonly input: TInput; readonly reply: TReply };
};

/**
 * The input of a multipart upload: the contract has no DOM types, so it names the form and the
 * web client sends a `FormData` in its place.
 */
export type TMultipart = { readonly multipart: true };

/**
 * The reply of a call that answers without the JSON envelope — a file, a CSV, a redirect, a
 * page. The web reaches such a call through `endpointUrl` (a link, an `<img src>`), not `call`.
 */
export type TRawReply = { readonly raw: true };

/** A GET or DELETE's query: unset values are left out. */
export type TQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * A query as the web client sends it and the server's in-process calls ask it (session-data.ts):
 * each set value as text, in order, URL-encoded; '' when nothing is set.
 */
export function queryStringOf(query: TQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) {
      params.append(key, String(value));
    }
  }
  return params.toString();
}

/** What a call sends: the query of a GET or DELETE, the body otherwise (`undefined`: nothing). */
export type TInputOf<E> = E extends TEndpoint<infer I, unknown> ? I : never;
/** The `data` of a successful reply. */
export type TReplyOf<E> = E extends TEndpoint<unknown, infer R> ? R : never;

type TParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The `:name` segments of an endpoint's path, each a string or a number. */
export type TParamsOf<E> = E extends { path: infer P extends string }
  ? Record<TParamNames<P>, string | number>
  : never;
/** True when the endpoint's path has `:name` segments. */
export type THasParams<E> = [keyof TParamsOf<E>] extends [never] ? false : true;

type TDeclared<M extends THttpMethod, P extends string> = {
  /** The call sends `I` (query or body). */
  takes<I>(): { returns<R>(): TEndpoint<I, R, M, P> };
  /** The call sends nothing. */
  returns<R>(): TEndpoint<undefined, R, M, P>;
};

/*@__NO_SIDE_EFFECTS__*/
function declare<M extends THttpMethod, const P extends string>(method: M, path: P): TDeclared<M, P> {
  const endpoint = { method, path } as TEndpoint<never, never, M, P>;
  return {
    takes: () => ({ returns: () => endpoint }),
    returns: () => endpoint,
  } as TDeclared<M, P>;
}

// Pure builders: an endpoint map a bundle does not use is dropped from it (Rollup, esbuild).
/*@__NO_SIDE_EFFECTS__*/
export const get = <const P extends string>(path: P) => declare('GET', path);
/*@__NO_SIDE_EFFECTS__*/
export const post = <const P extends string>(path: P) => declare('POST', path);
/*@__NO_SIDE_EFFECTS__*/
export const put = <const P extends string>(path: P) => declare('PUT', path);
/*@__NO_SIDE_EFFECTS__*/
export const patch = <const P extends string>(path: P) => declare('PATCH', path);
/*@__NO_SIDE_EFFECTS__*/
export const del = <const P extends string>(path: P) => declare('DELETE', path);

/**
 * The endpoint's path with its `:name` segments filled in (URI-encoded). A missing parameter is a
 * programming error and throws rather than calling a wrong URL.
 */
export function pathOf<E extends TEndpoint>(endpoint: E, params?: TParamsOf<E>): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) {
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}
