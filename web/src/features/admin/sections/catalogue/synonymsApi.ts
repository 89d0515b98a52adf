import { adminCatalogueApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';

/** Synonym groups' calls; every write replies with every group, which replaces the screen's. */
export const synonymsApi = {
  list: () => call(adminCatalogueApi.synonyms, undefined),
  create: (words: string) => call(adminCatalogueApi.createSynonyms, { words }),
  update: (id: number, words: string, version: number) =>
    call(adminCatalogueApi.updateSynonyms, { words, version }, { params: { id } }),
  remove: (id: number, version: number) =>
    call(adminCatalogueApi.removeSynonyms, { version }, { params: { id } }),
};

export const synonymsKey = ['admin', 'catalogue-synonyms'] as const;
