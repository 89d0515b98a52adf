import type { TAuditReply } from '@portal/contract';
import { api } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** GET /api/admin/audit: every admin write, newest first (read-only by design). */
export const auditApi = {
  list: (query: TPageQuery) => api.get<TAuditReply>('/api/admin/audit', query),
};
