import type { TAdminCatalogue, TCatalogueKind } from '@portal/contract';
import { adminCatalogueApi, CATALOGUE_KIND_ENDPOINTS } from '@portal/contract';
import { call } from '../../../../api/client.ts';

/** The catalogue's calls; every write replies with the whole catalogue, which replaces the screen's. */
export const catalogueApi = {
  get: () => call(adminCatalogueApi.catalogue, undefined),
  /** A company type or keyword; an industry goes under its type (`typeId`). */
  create: (kind: TCatalogueKind, name: string, typeId?: number): Promise<TAdminCatalogue> =>
    kind === 'industries'
      ? call(adminCatalogueApi.createIndustry, { name }, { params: { id: typeId! } })
      : call(kind === 'keywords' ? adminCatalogueApi.createKeyword : adminCatalogueApi.createCompanyType, {
          name,
        }),
  rename: (kind: TCatalogueKind, id: number, name: string, version: number) =>
    call(CATALOGUE_KIND_ENDPOINTS[kind].rename, { name, version }, { params: { id } }),
  move: (kind: TCatalogueKind, id: number, direction: 'up' | 'down', version: number) =>
    call(CATALOGUE_KIND_ENDPOINTS[kind].move, { direction, version }, { params: { id } }),
  impact: (kind: TCatalogueKind, id: number) =>
    call(CATALOGUE_KIND_ENDPOINTS[kind].impact, undefined, { params: { id } }),
  remove: (kind: TCatalogueKind, id: number, version: number) =>
    call(CATALOGUE_KIND_ENDPOINTS[kind].remove, { version }, { params: { id } }),
  reindex: () => call(adminCatalogueApi.reindex, undefined),
};

export const catalogueKey = ['admin', 'catalogue'] as const;
export const reindexKey = ['admin', 'catalogue-reindex'] as const;
