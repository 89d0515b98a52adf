import type { TAdminViewerUpdate } from '@portal/contract';
import { adminContentApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

/** Which upload of a topic: its viewer's file, its card cover, or one more related file. */
export type TTopicUpload = 'viewer-file' | 'cover' | 'related-files';

const UPLOAD_ENDPOINTS = {
  'viewer-file': adminContentApi.uploadViewerFile,
  cover: adminContentApi.uploadAnalysisCover,
  'related-files': adminContentApi.addRelatedFile,
} as const satisfies Record<TTopicUpload, unknown>;

/** An insight topic's viewer settings and files (every call carries the version the drawer loaded). */
export const viewerApi = {
  files: (id: number) => call(adminContentApi.analysisFiles, undefined, { params: { id } }),
  update: (id: number, body: TAdminViewerUpdate) =>
    call(adminContentApi.updateViewer, body, { params: { id } }),
  upload: (id: number, what: TTopicUpload, version: number, file: File, progress: TUploadProgress) => {
    const body = new FormData();
    body.append('version', String(version));
    body.append('file', file, file.name);
    const endpoint = UPLOAD_ENDPOINTS[what];
    return uploadWithProgress(endpoint, body, { ...progress, params: { id } });
  },
  removeRelated: (id: number, index: number, version: number) =>
    call(adminContentApi.removeRelatedFile, { version }, { params: { id, index } }),
};

export const viewerKey = (id: number) => ['admin', 'analysis-files', id] as const;
