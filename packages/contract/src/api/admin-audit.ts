import type { TAuditReply, ZAuditQuery } from '../admin/audit.ts';
import type { z } from 'zod';
import { get } from './endpoint.ts';

/** The back-office's audit log (role 2 only): read-only by design. */
export const adminAuditApi = {
  list: get('/api/admin/audit').takes<z.input<typeof ZAuditQuery>>().returns<TAuditReply>(),
};
