import { MSG, type TAdminReportFileReply, type TPublishStatus } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import { IngestError } from '../../ingest/ingest-error.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentIngestion } from '../content/content.service.ts';
import type { AdminContentRepo } from './admin-content.repo.ts';
import type { Actor } from './admin-content.service.ts';
import type { ContentIndexer } from './content-indexer.ts';
import { versionConflict } from './file-keys.ts';
import type { UploadedFile } from './upload-parts.ts';

export type ReportFileDeps = {
  repo: AdminContentRepo;
  indexer: ContentIndexer;
  content: ContentIngestion;
  audit: AuditLog;
  runner?: PdfRunner;
};

/**
 * POST /api/admin/reports/{id}/file: a report's PDF replaced through the upload's pipeline
 * (`ContentIngestion.replaceReportPdf`): pages, page images, text, cover and page count swap at
 * once, then the search document follows. A refused PDF (its Chinese reason), a stale version
 * (409) or a missing report (404) leave the report exactly as it was.
 */
export async function replaceReportFile(
  { repo, indexer, content, audit, runner }: ReportFileDeps,
  actor: Actor,
  id: number,
  version: number,
  file: UploadedFile,
): Promise<TAdminReportFileReply> {
  const state = await repo.state('report', id);
  if (!state) {
    throw AppError.notFound(MSG.contentNotFound);
  }
  // Checked before the (slow) ingest as well as in the swap's transaction.
  if (state.version !== version) {
    throw versionConflict();
  }
  if (!file.bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new IngestError('not_pdf');
  }
  const bytes = new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  const swapped = await content.replaceReportPdf(id, version, bytes, runner);
  if (!swapped) {
    if (!(await repo.state('report', id))) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    throw versionConflict();
  }
  await indexer.sync('report', id);
  await audit.record({
    actorId: actor.id,
    action: 'content.replace_file',
    targetType: 'report',
    targetId: id,
    before: { file: swapped.before.pdf_key, page_count: swapped.before.page_count },
    after: { file: file.name, page_count: swapped.page_count },
  });
  return {
    id,
    status: state.status satisfies TPublishStatus,
    version: version + 1,
    page_count: swapped.page_count,
  };
}
