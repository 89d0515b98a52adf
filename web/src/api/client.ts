import type {
  TEndpoint,
  TEnvelope,
  THasParams,
  THttpMethod,
  TInputOf,
  TMultipart,
  TParamsOf,
  TQuery,
  TReplyOf,
} from '@portal/contract';
import { pathOf, queryStringOf } from '@portal/contract';
import { API_HEADERS, API_SOURCE_WEB, MSG, REQUEST_TIMEOUT_MS, ResultCode } from '@portal/contract';
import { clearSessionCookies, getToken } from './cookies.ts';
import { notify } from './notify.ts';

/** A refused call: a non-zero envelope code, an HTTP error or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type { TQuery };

export type TRequestOptions = {
  query?: TQuery;
  body?: unknown;
  /** Show the refusal in a toast (default). Callers that render it themselves pass false. */
  notify?: boolean;
  signal?: AbortSignal;
};

/** Base URL of the API host; empty means the page's own origin (the server serves both). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** What happens after a 401 has cleared the session cookies: the app routes to /login. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * A 401 outside apiRequest (an XMLHttpRequest upload): the same ending of the session —
 * cookies cleared, the app sent to /login.
 */
export function handleUnauthorized(): void {
  clearSessionCookies();
  onUnauthorized();
}

/** The URL of a path the route map has filled in (`pathOf`), for the XHR upload beside this file. */
export function apiUrl(path: string, query?: TQuery): string {
  return buildUrl(path, query);
}

function buildUrl(path: string, query: TQuery | undefined): string {
  const qs = queryStringOf(query);
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function buildHeaders(jsonBody: boolean): Headers {
  const headers = new Headers({ [API_HEADERS.source]: API_SOURCE_WEB, Accept: 'application/json' });
  const token = getToken();
  if (token) {
    headers.set(API_HEADERS.token, token);
  }
  if (jsonBody) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

async function readEnvelope(response: Response): Promise<Partial<TEnvelope<unknown>> | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Partial<TEnvelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/**
 * One API call per spec §7: `token` and `source: 1` headers, a 100 s timeout, the
 * `{code, message, data}` envelope. Resolves with `data` when `code` is 0. A 401 clears the
 * session cookies and hands over to the unauthorized handler; any other refusal shows the
 * server's message (unless `notify: false`) and rejects with an ApiError carrying it.
 */
export async function apiRequest<T>(
  // PUT, PATCH and DELETE: the back-office's edits and deletes.
  method: THttpMethod,
  path: string,
  options: TRequestOptions = {},
): Promise<T> {
  const hasBody = method !== 'GET';
  // A multipart upload (FormData) goes as it is: the browser writes its content type and boundary.
  const isForm = options.body instanceof FormData;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const fail = (error: ApiError): never => {
    if (options.notify !== false) {
      notify.error(error.message);
    }
    throw error;
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(hasBody && !isForm),
      body: !hasBody ? null : isForm ? (options.body as FormData) : JSON.stringify(options.body ?? {}),
      signal: controller.signal,
    });
  } catch (error) {
    // The caller gave up: no toast, the caller knows.
    if (options.signal?.aborted && !timedOut) {
      throw error;
    }
    return fail(new ApiError(ResultCode.failure, MSG.networkError, 0));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  const envelope = await readEnvelope(response);
  const message = typeof envelope?.message === 'string' && envelope.message !== '' ? envelope.message : null;

  if (response.status === 401) {
    clearSessionCookies();
    const error = new ApiError(envelope?.code ?? ResultCode.failure, message ?? MSG.unauthorized, 401);
    if (options.notify !== false) {
      notify.error(error.message);
    }
    onUnauthorized();
    throw error;
  }
  if (!response.ok) {
    return fail(
      new ApiError(envelope?.code ?? ResultCode.failure, message ?? MSG.serverError, response.status),
    );
  }
  if (envelope === null || typeof envelope.code !== 'number') {
    return fail(new ApiError(ResultCode.failure, MSG.serverError, response.status));
  }
  if (envelope.code !== ResultCode.ok) {
    return fail(new ApiError(envelope.code, message ?? MSG.serverError, response.status));
  }
  return envelope.data as T;
}

/** What `call` sends for an endpoint: its input, or a `FormData` for a multipart upload. */
export type TCallInput<E> = TInputOf<E> extends TMultipart ? FormData : TInputOf<E>;

/** `call`'s options: the path's `:name` values (required when it has any), and apiRequest's. */
export type TCallOptions<E> = Omit<TRequestOptions, 'body'> &
  (THasParams<E> extends true ? { params: TParamsOf<E> } : { params?: undefined });

/**
 * Calls one endpoint of the contract's route map: the method and path come from it, the input
 * goes in the query (GET, DELETE) or the body, and the reply is typed by it.
 */
export function call<E extends TEndpoint>(
  endpoint: E,
  input: TCallInput<E>,
  ...[options]: THasParams<E> extends true ? [TCallOptions<E>] : [TCallOptions<E>?]
): Promise<TReplyOf<E>> {
  const { params, ...rest } = (options ?? {}) as TCallOptions<E>;
  const path = pathOf(endpoint, params as TParamsOf<E> | undefined);
  const method = endpoint.method;
  return method === 'GET' || method === 'DELETE'
    ? apiRequest<TReplyOf<E>>(method, path, {
        ...rest,
        query: { ...rest.query, ...(input as TQuery | undefined) },
      })
    : apiRequest<TReplyOf<E>>(method, path, { ...rest, body: input });
}

/** An endpoint's URL for elements that fetch by themselves (`<img src>`, a download link). */
export function endpointUrl<E extends TEndpoint>(
  endpoint: E,
  query?: TQuery,
  ...[params]: THasParams<E> extends true ? [TParamsOf<E>] : [undefined?]
): string {
  return buildUrl(pathOf(endpoint, params as TParamsOf<E> | undefined), query);
}
