import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FileUrls } from '../files/signed-url.ts';
import { createHeadlineClusters } from '../headline-clusters/headline-clusters.ts';
import { createAdminContentRepo } from './admin-content.repo.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import { createAdminContentService } from './admin-content.service.ts';
import { createAnalysisFilesService } from './analysis-files.service.ts';
import { contentFilesRoutes } from './content-files.routes.ts';
import { createContentIndexer } from './content-indexer.ts';
import { createHeadlineCoverService } from './headline-cover.service.ts';
import { previewContent } from './content-preview.ts';
import { createMaterialFileService } from './material-file.service.ts';
import { replaceReportFile } from './report-file.service.ts';

/** The back-office content module as one plugin (routes → service → repo). */
export function adminContentModule(deps: {
  db: Db;
  content: ContentService;
  search: SearchIndex;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
  /** Signs private file URLs in previews and the topic editor (admins may open every file). */
  fileUrls: FileUrls;
  /** The PDF runner (default: the shared worker thread). */
  runner?: PdfRunner;
}): FastifyPluginAsyncZod {
  const { db, content, search, storage, audit, clock, fileUrls, runner } = deps;
  const repo = createAdminContentRepo(db);
  const indexer = createContentIndexer({ db, search, clock });
  const admin = createAdminContentService({
    repo,
    indexer,
    clusters: createHeadlineClusters(db),
    content,
    storage,
    audit,
    clock,
  });
  const files = contentFilesRoutes({
    replaceReportFile: (actor, id, version, file) =>
      replaceReportFile({ repo, indexer, content, audit, runner }, actor, id, version, file),
    analyses: createAnalysisFilesService({ repo, indexer, storage, audit, clock, fileUrls }),
    materials: createMaterialFileService({ repo, indexer, storage, audit, clock, fileUrls, runner }),
    headlineCover: createHeadlineCoverService({ repo, storage, audit, clock }),
    preview: (type, id, organDetailMenu) =>
      previewContent({ repo, content, fileUrls }, type, id, organDetailMenu),
  });
  // Two plugins, each with its own multipart settings (the bulk upload's limits differ).
  return async (app) => {
    await app.register(adminContentRoutes(admin, { content, admin, audit, clock, runner }));
    await app.register(files);
  };
}
