import { vi } from 'vitest';

export type TStubCall = {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
};
export type TStubReply = { status?: number; body?: unknown } | Error;
export type TStubHandler = (call: TStubCall) => TStubReply | Promise<TStubReply>;

/**
 * Replaces fetch — the web app's boundary to the server — for one test, recording each call.
 * A handler returns `{status, body}` (JSON) or an Error to simulate a network failure.
 */
export function stubFetch(handler: TStubHandler): TStubCall[] {
  const calls: TStubCall[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), window.location.origin);
    const call: TStubCall = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? null,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) {
      throw reply;
    }
    return new Response(JSON.stringify(reply.body ?? null), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fake));
  return calls;
}

/** The `{code, message, data}` envelope of a successful call. */
export const ok = (data: unknown) => ({ body: { code: 0, message: 'ok', data } });
