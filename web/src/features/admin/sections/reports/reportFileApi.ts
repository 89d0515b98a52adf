import type { TAdminReportFileReply } from '@portal/contract';
import { adminContentApi } from '@portal/contract';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

/**
 * POST /api/admin/reports/{id}/file: one PDF replacing the report's, with the version the editor
 * loaded (a save by someone else meanwhile is refused with 409 and nothing changes).
 */
export function replaceReportFile(
  id: number,
  version: number,
  file: File,
  progress: TUploadProgress,
): Promise<TAdminReportFileReply> {
  const body = new FormData();
  body.append('version', String(version));
  body.append('file', file, file.name);
  return uploadWithProgress(adminContentApi.replaceReportFile, body, { ...progress, params: { id } });
}
