import type { TSynonymGroup } from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';

const BASE = '/api/admin/catalogue/synonyms';

/** Synonym groups' calls; every write replies with every group, which replaces the screen's. */
export const synonymsApi = {
  list: () => api.get<TSynonymGroup[]>(BASE),
  create: (words: string) => api.post<TSynonymGroup[]>(BASE, { words }),
  update: (id: number, words: string, version: number) =>
    apiRequest<TSynonymGroup[]>('PUT', `${BASE}/${id}`, { body: { words, version } }),
  remove: (id: number, version: number) =>
    apiRequest<TSynonymGroup[]>('DELETE', `${BASE}/${id}`, { query: { version } }),
};

export const synonymsKey = ['admin', 'catalogue-synonyms'] as const;
