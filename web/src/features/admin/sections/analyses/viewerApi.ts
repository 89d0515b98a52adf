import type { TAdminAnalysisFiles, TAdminStateReply, TAdminViewerUpdate } from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

/** Which upload of a topic: its viewer's file, its card cover, or one more related file. */
export type TTopicUpload = 'viewer-file' | 'cover' | 'related-files';

/** An insight topic's viewer settings and files (every call carries the version the drawer loaded). */
export const viewerApi = {
  files: (id: number) => api.get<TAdminAnalysisFiles>(`/api/admin/analyses/${id}/files`),
  update: (id: number, body: TAdminViewerUpdate) =>
    apiRequest<TAdminStateReply>('PUT', `/api/admin/analyses/${id}/viewer`, { body }),
  upload: (id: number, what: TTopicUpload, version: number, file: File, progress: TUploadProgress) => {
    const body = new FormData();
    body.append('version', String(version));
    body.append('file', file, file.name);
    return uploadWithProgress<TAdminStateReply>(`/api/admin/analyses/${id}/${what}`, body, progress);
  },
  removeRelated: (id: number, index: number, version: number) =>
    apiRequest<TAdminStateReply>('DELETE', `/api/admin/analyses/${id}/related-files/${index}`, {
      query: { version },
    }),
};

export const viewerKey = (id: number) => ['admin', 'analysis-files', id] as const;
