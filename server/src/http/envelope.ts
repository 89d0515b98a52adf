import { envelopeSchema, ResultCode, type TEnvelope } from '@portal/contract';
import { z } from 'zod';

export const OK_MESSAGE = 'success';

/** A success reply: `{code: 0, message, data}`. */
export function ok<T>(data: T, message: string = OK_MESSAGE): TEnvelope<T> {
  return { code: ResultCode.ok, message, data };
}

const serialised = new WeakMap<object, Buffer>();

/**
 * The JSON bytes of `ok(data)`, kept while `data` lives: a reply object served again from a read
 * cache is serialised (and UTF-8 encoded) once, not on every request. `data` must not change
 * after it is first sent. Send it with `sendJson`.
 */
export function okJson(data: object): Buffer {
  let bytes = serialised.get(data);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(ok(data)));
    serialised.set(data, bytes);
  }
  return bytes;
}

/** Sends JSON bytes (okJson) as the reply. */
export function sendJson(reply: { type(contentType: string): unknown }, bytes: Buffer): Buffer {
  reply.type('application/json; charset=utf-8');
  return bytes;
}

/** Response schema of a call whose `data` is null (sendCode, logout). */
export const ZEmptyEnvelope = envelopeSchema(z.null());

export function errorBody(code: number, message: string): string {
  // Sent pre-serialised so a route's success schema never applies to an error reply.
  return JSON.stringify({ code, message, data: null });
}
