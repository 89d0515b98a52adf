import type { TAdminCatalogue, TCatalogueImpact, TCatalogueKind, TCatalogueReindex } from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';

const BASE = '/api/admin/catalogue';

/** The catalogue's calls; every write replies with the whole catalogue, which replaces the screen's. */
export const catalogueApi = {
  get: () => api.get<TAdminCatalogue>(BASE),
  /** A company type or keyword; an industry goes under its type (`typeId`). */
  create: (kind: TCatalogueKind, name: string, typeId?: number) =>
    api.post<TAdminCatalogue>(
      kind === 'industries' ? `${BASE}/company-types/${typeId}/industries` : `${BASE}/${kind}`,
      { name },
    ),
  rename: (kind: TCatalogueKind, id: number, name: string, version: number) =>
    apiRequest<TAdminCatalogue>('PUT', `${BASE}/${kind}/${id}`, { body: { name, version } }),
  move: (kind: TCatalogueKind, id: number, direction: 'up' | 'down', version: number) =>
    api.post<TAdminCatalogue>(`${BASE}/${kind}/${id}/move`, { direction, version }),
  impact: (kind: TCatalogueKind, id: number) => api.get<TCatalogueImpact>(`${BASE}/${kind}/${id}/impact`),
  remove: (kind: TCatalogueKind, id: number, version: number) =>
    apiRequest<TAdminCatalogue>('DELETE', `${BASE}/${kind}/${id}`, { query: { version } }),
  reindex: () => api.get<TCatalogueReindex>(`${BASE}/reindex`),
};

export const catalogueKey = ['admin', 'catalogue'] as const;
export const reindexKey = ['admin', 'catalogue-reindex'] as const;
