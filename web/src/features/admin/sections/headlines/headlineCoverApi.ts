import type { TReplyOf } from '@portal/contract';
import { adminContentApi, pathOf } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

const uploadEndpoint = adminContentApi.uploadHeadlineCover;

/** A headline's cover: upload (JPG/PNG, checked by the server) or remove, at the version the editor loaded. */
export const headlineCoverApi = {
  upload: (id: number, version: number, file: File, progress: TUploadProgress) => {
    const body = new FormData();
    body.append('version', String(version));
    body.append('file', file, file.name);
    return uploadWithProgress<TReplyOf<typeof uploadEndpoint>>(
      pathOf(uploadEndpoint, { id }),
      body,
      progress,
    );
  },
  remove: (id: number, version: number) =>
    call(adminContentApi.removeHeadlineCover, { version }, { params: { id } }),
};
