import { ADMIN_COVER_MAX_BYTES, MSG, type TAdminStateReply, type TPublishStatus } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { createImageVariants } from '../../platform/images/image-variants.ts';
import { contentTypeForKey } from '../../platform/storage/content-type.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { AdminContentRepo } from './admin-content.repo.ts';
import type { Actor } from './admin-content.service.ts';
import { deleteOwnFile, UPLOAD_KEYS, versionConflict } from './file-keys.ts';
import { boundedPicture } from './file-kinds.ts';
import type { UploadedFile } from './upload-parts.ts';

export type HeadlineCoverDeps = {
  repo: AdminContentRepo;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
};

/** A card image: the same bounds as a topic's cover, checked on the header before decoding. */
const COVER_BOUNDS = { maxSide: 8000, maxPixels: 40_000_000 };

/**
 * A headline's cover (the picture on its card in /headlines, search and the home page): upload
 * a JPG or PNG (≤ 4 MB, its declared size within bounds, so a decompression bomb is refused
 * undecoded) or remove it. At the editor's version (409 otherwise), audited; the replaced file
 * is deleted once the row no longer points at it. Cards are built from the row, and the write
 * drops the cached lists, so users see the new picture from the next request.
 */
export function createHeadlineCoverService({ repo, storage, audit, clock }: HeadlineCoverDeps) {
  async function setCover(actor: Actor, id: number, version: number, key: string): Promise<TAdminStateReply> {
    const row = await repo.row('headline', id);
    if (!row) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    const old = String(row.cover_key);
    if (
      Number(row.version) !== version ||
      !(await repo.update('headline', id, version, clock.now().getTime(), { cover_key: key }))
    ) {
      throw versionConflict();
    }
    await audit.record({
      actorId: actor.id,
      action: key === '' ? 'content.remove_file' : 'content.replace_file',
      targetType: 'headline',
      targetId: id,
      before: { cover: old },
      after: { cover: key },
    });
    await deleteOwnFile(storage, old);
    return { id, status: row.status as TPublishStatus, version: version + 1 };
  }

  return {
    async upload(actor: Actor, id: number, version: number, file: UploadedFile): Promise<TAdminStateReply> {
      const picture =
        file.bytes.length <= ADMIN_COVER_MAX_BYTES
          ? boundedPicture(file.bytes, COVER_BOUNDS, ['jpg', 'png'])
          : null;
      if (!picture) {
        throw AppError.badRequest(MSG.adminCoverInvalid);
      }
      const key = UPLOAD_KEYS.headlineCover(id, picture.kind);
      // Card-size copies now (a picture that does not decode is refused, nothing stored).
      if (!(await createImageVariants(storage).makeAll(key, file.bytes))) {
        throw AppError.badRequest(MSG.adminCoverInvalid);
      }
      await storage.put(key, file.bytes, contentTypeForKey(key));
      try {
        return await setCover(actor, id, version, key);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    remove: (actor: Actor, id: number, version: number) => setCover(actor, id, version, ''),
  };
}

export type HeadlineCoverService = ReturnType<typeof createHeadlineCoverService>;
