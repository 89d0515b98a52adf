import { z } from 'zod';

/** The database dialect a server process runs on. */
const ZDialect = z.enum(['sqlite', 'postgres']);

/** GET /api/health: the process is alive (liveness; costs no query). */
export const ZHealth = z.object({ status: z.literal('ok'), database: ZDialect });
export type THealth = z.infer<typeof ZHealth>;

/** GET /api/ready: set-up has finished and the database answers (readiness). */
export const ZReady = z.object({ status: z.literal('ready'), database: ZDialect });
export type TReady = z.infer<typeof ZReady>;
