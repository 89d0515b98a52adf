import { adminContentApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

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
    return uploadWithProgress(adminContentApi.uploadMaterialFile, body, { ...progress, params: { id } });
  },
};

export const materialFileKey = (id: number) => ['admin', 'material-file', id] as const;
