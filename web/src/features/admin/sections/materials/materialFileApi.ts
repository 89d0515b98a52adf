import type { TAdminMaterialFile, TAdminStateReply } from '@portal/contract';
import { api } from '../../../../api/client.ts';
import { uploadWithProgress, type TUploadProgress } from '../../../../api/uploadWithProgress.ts';

/** A material's picture or video (with an optional poster for a video), at the version the drawer loaded. */
export const materialFileApi = {
  file: (id: number) => api.get<TAdminMaterialFile>(`/api/admin/materials/${id}/file`),
  upload: (id: number, version: number, file: File, poster: File | null, progress: TUploadProgress) => {
    const body = new FormData();
    body.append('version', String(version));
    if (poster) {
      body.append('poster', poster, poster.name);
    }
    body.append('file', file, file.name);
    return uploadWithProgress<TAdminStateReply>(`/api/admin/materials/${id}/file`, body, progress);
  },
};

export const materialFileKey = (id: number) => ['admin', 'material-file', id] as const;
