import { adminContentApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

/** A headline's cover: upload (JPG/PNG, checked by the server) or remove, at the version the editor loaded. */
export const headlineCoverApi = {
  upload: (id: number, version: number, file: File, progress: TUploadProgress) => {
    const body = new FormData();
    body.append('version', String(version));
    body.append('file', file, file.name);
    return uploadWithProgress(adminContentApi.uploadHeadlineCover, body, { ...progress, params: { id } });
  },
  remove: (id: number, version: number) =>
    call(adminContentApi.removeHeadlineCover, { version }, { params: { id } }),
};
