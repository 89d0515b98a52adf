import { z } from 'zod';

/** Result codes of the `{code, message, data}` envelope (spec §7, §8). */
export const ResultCode = {
  ok: 0,
  failure: -1,
  noPermission: 1001,
} as const;
export type TResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Every API reply. `code: 0` is success; anything else carries a Chinese message to show. */
export type TEnvelope<T> = { code: number; message: string; data: T };

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

/** Request headers every call carries (spec §7). */
export const API_HEADERS = { token: 'token', source: 'source' } as const;
/** The value of the `source` header sent by the web client. */
export const API_SOURCE_WEB = '1';
