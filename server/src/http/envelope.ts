import { envelopeSchema, ResultCode, type TEnvelope } from '@portal/contract';
import { z } from 'zod';

export const OK_MESSAGE = 'success';

/** A success reply: `{code: 0, message, data}`. */
export function ok<T>(data: T, message: string = OK_MESSAGE): TEnvelope<T> {
  return { code: ResultCode.ok, message, data };
}

/** Response schema of a call whose `data` is null (sendCode, logout). */
export const ZEmptyEnvelope = envelopeSchema(z.null());

export function errorBody(code: number, message: string): string {
  // Sent pre-serialised so a route's success schema never applies to an error reply.
  return JSON.stringify({ code, message, data: null });
}
