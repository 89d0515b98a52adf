import { adminAuditApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** GET /api/admin/audit: every admin write, newest first (read-only by design). */
export const auditApi = {
  /** The table's page, filters and sort as the address holds them: the server validates them. */
  list: (query: TPageQuery) => call(adminAuditApi.list, {}, { query }),
};
