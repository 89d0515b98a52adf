import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * Paging of every back-office table (server-side paging): `page` from 1, `page_size` up to 100,
 * 20 by default; a value that is not a whole number in range is a 400 with 请求参数错误.
 */
export const adminPageField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int()
  .min(1)
  .max(10_000)
  .default(1);

export const adminPageSizeField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int()
  .min(1)
  .max(100)
  .default(20);
