import type { TAdminUploadItem } from '@portal/contract';
import { adminContentApi, MSG } from '@portal/contract';
import { uploadWithProgress, type TUploadProgress } from '../../../../../api/uploadWithProgress.ts';

/**
 * POST /api/admin/reports/upload with one PDF, so each file has its own progress and result.
 * `publish=1` goes before the file: the server then publishes the report as soon as it is in.
 */
export async function uploadOneReport(
  file: File,
  publish: boolean,
  progress: TUploadProgress,
): Promise<TAdminUploadItem> {
  const body = new FormData();
  if (publish) {
    body.append('publish', '1');
  }
  body.append('file', file, file.name);
  const reply = await uploadWithProgress(adminContentApi.uploadReports, body, progress);
  const item = reply.items[0];
  if (!item) {
    return { id: null, name: file.name, status: 'failed', error: MSG.serverError };
  }
  return item;
}

export type TUploadOne = typeof uploadOneReport;
