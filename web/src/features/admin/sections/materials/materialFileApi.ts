import type { TReplyOf } from '@portal/contract';
import { adminContentApi, pathOf } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

const uploadEndpoint = adminContentApi.uploadMaterialFile;

/** A material's picture or video (with an optional poster for a video), at the version the drawer loaded. */
export const materialFileApi = {
  file: (id: number) => call(adminContentApi.materialFile, undefined, { params: { id } }),
  upload: (id: number, version: number, file: File, poster: File | null, progress: TUploadProgress) => {
    const body = new FormData();
    body.append('version', String(version));
    if (poster) {
      body.append('poster', poster, poster.name);
    }
    body.append('file', file, file.name);
    return uploadWithProgress<TReplyOf<typeof uploadEndpoint>>(
      pathOf(uploadEndpoint, { id }),
      body,
      progress,
    );
  },
};

export const materialFileKey = (id: number) => ['admin', 'material-file', id] as const;
