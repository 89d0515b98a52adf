import type {
  TAdminCatalogue,
  TCatalogueCreate,
  TCatalogueImpact,
  TCatalogueMove,
  TCatalogueReindex,
  TCatalogueKind,
  TCatalogueRename,
  ZCatalogueDeleteQuery,
} from '../admin/catalogue.ts';
import type {
  TSynonymCreate,
  TSynonymGroup,
  TSynonymUpdate,
  ZSynonymDeleteQuery,
} from '../admin/synonyms.ts';
import type { z } from 'zod';
import { del, get, post, put } from './endpoint.ts';

type TDeleteQuery = z.input<typeof ZCatalogueDeleteQuery>;

/**
 * The back-office's catalogue (role 2): company types with their industries, and keywords. Each
 * list has its own paths (rename, move, impact, delete by id), so the server validates each kind's
 * names by its own rule; every write replies with the whole catalogue, as `catalogue` does.
 * Synonym groups too: every write on them replies with every group.
 */
export const adminCatalogueApi = {
  catalogue: get('/api/admin/catalogue').returns<TAdminCatalogue>(),
  /** The progress of the re-index a keyword change started. */
  reindex: get('/api/admin/catalogue/reindex').returns<TCatalogueReindex>(),

  createCompanyType: post('/api/admin/catalogue/company-types')
    .takes<TCatalogueCreate>()
    .returns<TAdminCatalogue>(),
  renameCompanyType: put('/api/admin/catalogue/company-types/:id')
    .takes<TCatalogueRename>()
    .returns<TAdminCatalogue>(),
  moveCompanyType: post('/api/admin/catalogue/company-types/:id/move')
    .takes<TCatalogueMove>()
    .returns<TAdminCatalogue>(),
  /** Users who chose the type or one of its industries. */
  companyTypeImpact: get('/api/admin/catalogue/company-types/:id/impact').returns<TCatalogueImpact>(),
  removeCompanyType: del('/api/admin/catalogue/company-types/:id')
    .takes<TDeleteQuery>()
    .returns<TAdminCatalogue>(),

  /** An industry goes under its company type (`:id`). */
  createIndustry: post('/api/admin/catalogue/company-types/:id/industries')
    .takes<TCatalogueCreate>()
    .returns<TAdminCatalogue>(),
  renameIndustry: put('/api/admin/catalogue/industries/:id')
    .takes<TCatalogueRename>()
    .returns<TAdminCatalogue>(),
  moveIndustry: post('/api/admin/catalogue/industries/:id/move')
    .takes<TCatalogueMove>()
    .returns<TAdminCatalogue>(),
  industryImpact: get('/api/admin/catalogue/industries/:id/impact').returns<TCatalogueImpact>(),
  removeIndustry: del('/api/admin/catalogue/industries/:id').takes<TDeleteQuery>().returns<TAdminCatalogue>(),

  createKeyword: post('/api/admin/catalogue/keywords').takes<TCatalogueCreate>().returns<TAdminCatalogue>(),
  renameKeyword: put('/api/admin/catalogue/keywords/:id')
    .takes<TCatalogueRename>()
    .returns<TAdminCatalogue>(),
  moveKeyword: post('/api/admin/catalogue/keywords/:id/move')
    .takes<TCatalogueMove>()
    .returns<TAdminCatalogue>(),
  keywordImpact: get('/api/admin/catalogue/keywords/:id/impact').returns<TCatalogueImpact>(),
  removeKeyword: del('/api/admin/catalogue/keywords/:id').takes<TDeleteQuery>().returns<TAdminCatalogue>(),

  synonyms: get('/api/admin/catalogue/synonyms').returns<TSynonymGroup[]>(),
  createSynonyms: post('/api/admin/catalogue/synonyms').takes<TSynonymCreate>().returns<TSynonymGroup[]>(),
  updateSynonyms: put('/api/admin/catalogue/synonyms/:id').takes<TSynonymUpdate>().returns<TSynonymGroup[]>(),
  removeSynonyms: del('/api/admin/catalogue/synonyms/:id')
    .takes<z.input<typeof ZSynonymDeleteQuery>>()
    .returns<TSynonymGroup[]>(),
};

/** Each catalogue list's calls on its own paths (the server checks each kind's names by its own rule). */
export const CATALOGUE_KIND_ENDPOINTS = {
  'company-types': {
    rename: adminCatalogueApi.renameCompanyType,
    move: adminCatalogueApi.moveCompanyType,
    impact: adminCatalogueApi.companyTypeImpact,
    remove: adminCatalogueApi.removeCompanyType,
  },
  industries: {
    rename: adminCatalogueApi.renameIndustry,
    move: adminCatalogueApi.moveIndustry,
    impact: adminCatalogueApi.industryImpact,
    remove: adminCatalogueApi.removeIndustry,
  },
  keywords: {
    rename: adminCatalogueApi.renameKeyword,
    move: adminCatalogueApi.moveKeyword,
    impact: adminCatalogueApi.keywordImpact,
    remove: adminCatalogueApi.removeKeyword,
  },
} as const satisfies Record<TCatalogueKind, object>;
