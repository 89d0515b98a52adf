import type {
  TAdminAnalysisFiles,
  TAdminAnalysisUpdate,
  TAdminContentDetail,
  TAdminContentListQuery,
  TAdminContentListReply,
  TAdminHeadlineCreate,
  TAdminHeadlineUpdate,
  TAdminIdReply,
  TAdminImpact,
  TAdminMaterialFile,
  TAdminMaterialUpdate,
  TAdminPreviewReply,
  TAdminReportFileReply,
  TAdminReportUpdate,
  TAdminStateReply,
  TAdminUploadReply,
  TAdminViewerUpdate,
  ZAdminVersionQuery,
} from '../admin/content.ts';
import type { z } from 'zod';
import type { TMultipart } from './endpoint.ts';
import { del, get, post, put } from './endpoint.ts';

/** The editor's version, sent with a delete (a save by someone else meanwhile is refused with 409). */
type TVersionQuery = z.input<typeof ZAdminVersionQuery>;

/**
 * The back-office's content (role 2, issue 16): every type's list, detail, publish state, impact
 * and delete under `:type` (report, headline, analysis, material); each type's edit; report
 * upload; files, covers and viewers; the preview of any item. Uploads are multipart with the
 * editor's `version` as a field.
 */
export const adminContentApi = {
  list: get('/api/admin/content/:type').takes<TAdminContentListQuery>().returns<TAdminContentListReply>(),
  detail: get('/api/admin/content/:type/:id').returns<TAdminContentDetail>(),
  publish: post('/api/admin/content/:type/:id/publish').returns<TAdminStateReply>(),
  unpublish: post('/api/admin/content/:type/:id/unpublish').returns<TAdminStateReply>(),
  /** What a delete would touch. */
  impact: get('/api/admin/content/:type/:id/impact').returns<TAdminImpact>(),
  /** Replies with what the delete touched. */
  remove: del('/api/admin/content/:type/:id').returns<TAdminImpact>(),
  /** The item as its detail page shows it, whatever its publish state (no view counted). */
  preview: get('/api/admin/content/:type/:id/preview').returns<TAdminPreviewReply>(),

  /** Multipart: PDFs (`file`), `publish=1` before them to publish each as soon as it is in. */
  uploadReports: post('/api/admin/reports/upload').takes<TMultipart>().returns<TAdminUploadReply>(),
  updateReport: put('/api/admin/reports/:id').takes<TAdminReportUpdate>().returns<TAdminStateReply>(),
  /** Multipart: `version`, then the PDF replacing the report's. */
  replaceReportFile: post('/api/admin/reports/:id/file').takes<TMultipart>().returns<TAdminReportFileReply>(),

  createHeadline: post('/api/admin/headlines').takes<TAdminHeadlineCreate>().returns<TAdminIdReply>(),
  updateHeadline: put('/api/admin/headlines/:id').takes<TAdminHeadlineUpdate>().returns<TAdminStateReply>(),
  /** Multipart: `version`, then the JPG/PNG cover. */
  /** Takes the headline out of its story (a wrong join): it gets a card of its own. */
  splitHeadline: post('/api/admin/headlines/:id/split').returns<TAdminStateReply>(),
  uploadHeadlineCover: post('/api/admin/headlines/:id/cover').takes<TMultipart>().returns<TAdminStateReply>(),
  removeHeadlineCover: del('/api/admin/headlines/:id/cover')
    .takes<TVersionQuery>()
    .returns<TAdminStateReply>(),

  updateAnalysis: put('/api/admin/analyses/:id').takes<TAdminAnalysisUpdate>().returns<TAdminStateReply>(),
  analysisFiles: get('/api/admin/analyses/:id/files').returns<TAdminAnalysisFiles>(),
  updateViewer: put('/api/admin/analyses/:id/viewer').takes<TAdminViewerUpdate>().returns<TAdminStateReply>(),
  /** Multipart: `version`, then the file the topic's viewer shows. */
  uploadViewerFile: post('/api/admin/analyses/:id/viewer-file')
    .takes<TMultipart>()
    .returns<TAdminStateReply>(),
  /** Multipart: `version`, then the topic card's cover. */
  uploadAnalysisCover: post('/api/admin/analyses/:id/cover').takes<TMultipart>().returns<TAdminStateReply>(),
  /** Multipart: `version`, then one more related file. */
  addRelatedFile: post('/api/admin/analyses/:id/related-files')
    .takes<TMultipart>()
    .returns<TAdminStateReply>(),
  /** The related file at `:index` (from 0). */
  removeRelatedFile: del('/api/admin/analyses/:id/related-files/:index')
    .takes<TVersionQuery>()
    .returns<TAdminStateReply>(),

  updateMaterial: put('/api/admin/materials/:id').takes<TAdminMaterialUpdate>().returns<TAdminStateReply>(),
  materialFile: get('/api/admin/materials/:id/file').returns<TAdminMaterialFile>(),
  /** Multipart: `version`, an optional `poster` for a video, then the picture or video (`file`). */
  uploadMaterialFile: post('/api/admin/materials/:id/file').takes<TMultipart>().returns<TAdminStateReply>(),
};
