import { randomUUID } from 'node:crypto';
import { MSG, ResultCode } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Storage } from '../../platform/storage/storage.ts';

const FILES_PATH = '/files/';

/**
 * Where the back-office stores what it uploads. Topic files are private (signed only for users
 * who may view the topic); covers and material media are public like the seed's
 * (`modules/files/file-access.ts`). Only these prefixes are ever deleted by a replace or remove:
 * seeded files and report PDFs that topics point at are shared and stay.
 */
export const UPLOAD_KEYS = {
  topicFile: (id: number, ext: string) => `analyses/${id}/${randomUUID()}.${ext}`,
  topicCover: (id: number, ext: string) => `public/analyses/${id}/${randomUUID()}.${ext}`,
  material: (id: number, ext: string) => `public/materials/${id}/${randomUUID()}.${ext}`,
  headlineCover: (id: number, ext: string) => `public/headlines/${id}/${randomUUID()}.${ext}`,
};
const OWN_PREFIXES = ['analyses/', 'public/analyses/', 'public/materials/', 'public/headlines/'];

/** The storage key behind a `/files/<key>` URL (or a bare key); '' for anything else. */
export function keyOfUrl(url: string): string {
  if (url.startsWith(FILES_PATH)) {
    return url.slice(FILES_PATH.length).replace(/[?#].*$/, '');
  }
  return /^[a-z]/i.test(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : '';
}

/** Deletes a file the back-office uploaded; anything else (seeded, a report's PDF) is left alone. */
export async function deleteOwnFile(storage: Storage, urlOrKey: string): Promise<void> {
  const key = keyOfUrl(urlOrKey);
  if (key !== '' && OWN_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    await storage.delete(key);
  }
}

/** 409: someone saved the item after the editor loaded it; nothing was written. */
export const versionConflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);
