import {
  MATERIAL_IMAGE_MAX_BYTES,
  MATERIAL_VIDEO_MAX_BYTES,
  MSG,
  type TAdminMaterialFile,
  type TAdminStateReply,
  type TPublishStatus,
} from '@portal/contract';
import { POSTER_COLORS } from '../../demo/content/demo-image.ts';
import { AppError } from '../../http/app-error.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import { sharedPdfWorker } from '../../ingest/pdf-worker-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import { contentTypeForKey } from '../../platform/storage/content-type.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { AdminContentRepo } from './admin-content.repo.ts';
import type { Actor } from './admin-content.service.ts';
import type { ContentIndexer } from './content-indexer.ts';
import { deleteOwnFile, UPLOAD_KEYS, versionConflict } from './file-keys.ts';
import { boundedPicture, videoKind, videoSeconds } from './file-kinds.ts';
import type { UploadedFile } from './upload-parts.ts';

export type MaterialFileDeps = {
  repo: AdminContentRepo;
  indexer: ContentIndexer;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
  fileUrls: FileUrls;
  /** Draws a video's poster when none is uploaded (default: the shared PDF worker, as the seed). */
  runner?: PdfRunner;
};

/** A material is shown whole on its page: up to 8000 px a side and 40 megapixels, never decoded first. */
const MATERIAL_BOUNDS = { maxSide: 8000, maxPixels: 40_000_000 };
const PICTURES = ['jpg', 'png', 'webp', 'gif'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * POST /api/admin/materials/{id}/file (multipart `file`, optional `poster`): a material's
 * picture (JPG/PNG/WebP/GIF ≤ 10 MB, bounded) or video (MP4/WebM ≤ 200 MB, its length read from
 * the container). A video keeps an uploaded `poster`, else gets one drawn as the seed draws
 * them (title, 视频 N秒, play button). The type follows the file; files the back-office uploaded
 * before are deleted once replaced.
 */
export function createMaterialFileService({
  repo,
  indexer,
  storage,
  audit,
  clock,
  fileUrls,
  runner,
}: MaterialFileDeps) {
  async function rowOf(id: number): Promise<Record<string, unknown>> {
    const row = await repo.row('material', id);
    if (!row) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    return row;
  }

  async function drawPoster(id: number, title: string, seconds: number): Promise<Buffer> {
    const drawer = runner?.drawDemoImage ? runner : sharedPdfWorker();
    const png = await drawer.drawDemoImage!({
      kind: 'poster',
      width: 400,
      height: 640,
      title,
      badge: seconds > 0 ? `视频 ${seconds}秒` : '视频',
      colors: POSTER_COLORS[id % POSTER_COLORS.length] ?? ['#f96007', '#ffb347'],
      play: true,
    });
    return Buffer.from(png);
  }

  return {
    async file(id: number): Promise<TAdminMaterialFile> {
      const row = await rowOf(id);
      const video = text(row.video_url);
      return {
        material_type: row.material_type === 'video' ? 'video' : 'image',
        image_url: fileUrls.forKey(text(row.image_key)),
        video_url:
          video === '' || /^https?:\/\//.test(video)
            ? video
            : fileUrls.forKey(video.replace(/^\/files\//, '')),
        video_duration: Number(row.video_duration),
        version: Number(row.version),
      };
    },

    async upload(
      actor: Actor,
      id: number,
      version: number,
      file: UploadedFile,
      poster: UploadedFile | undefined,
    ): Promise<TAdminStateReply> {
      const row = await rowOf(id);
      if (Number(row.version) !== version) {
        throw versionConflict();
      }
      const video = videoKind(file.bytes);
      const picture = video ? null : boundedPicture(file.bytes, MATERIAL_BOUNDS, PICTURES);
      if (!video && !picture) {
        // A known picture type that failed its bounds says so; anything else is the wrong kind.
        throw AppError.badRequest(
          boundedPicture(file.bytes, { maxSide: Infinity, maxPixels: Infinity }, PICTURES)
            ? MSG.adminMaterialImageTooLarge
            : MSG.adminMaterialFileInvalid,
        );
      }
      if (picture && file.bytes.length > MATERIAL_IMAGE_MAX_BYTES) {
        throw AppError.badRequest(MSG.adminMaterialImageTooLarge);
      }
      if (video && file.bytes.length > MATERIAL_VIDEO_MAX_BYTES) {
        throw AppError.badRequest(MSG.adminMaterialVideoTooLarge);
      }
      const posterPicture = poster ? boundedPicture(poster.bytes, MATERIAL_BOUNDS, PICTURES) : null;
      if (poster && (!posterPicture || poster.bytes.length > MATERIAL_IMAGE_MAX_BYTES)) {
        throw AppError.badRequest(MSG.adminPosterInvalid);
      }

      const stored: string[] = [];
      const put = async (key: string, bytes: Buffer) => {
        await storage.put(key, bytes, contentTypeForKey(key));
        stored.push(key);
        return key;
      };
      const before = {
        material_type: row.material_type,
        image_key: row.image_key,
        video_url: row.video_url,
        video_duration: row.video_duration,
      };
      let after: Record<string, unknown>;
      try {
        if (picture) {
          after = {
            material_type: 'image',
            image_key: await put(UPLOAD_KEYS.material(id, picture.kind), file.bytes),
            video_url: '',
            video_duration: 0,
          };
        } else {
          const seconds = videoSeconds(file.bytes, video!);
          const posterKey =
            poster && posterPicture
              ? await put(UPLOAD_KEYS.material(id, posterPicture.kind), poster.bytes)
              : await put(UPLOAD_KEYS.material(id, 'png'), await drawPoster(id, text(row.title), seconds));
          after = {
            material_type: 'video',
            image_key: posterKey,
            video_url: await put(UPLOAD_KEYS.material(id, video!), file.bytes),
            video_duration: seconds,
          };
        }
        if (!(await repo.update('material', id, version, clock.now().getTime(), after))) {
          throw versionConflict();
        }
      } catch (error) {
        await Promise.all(stored.map((key) => storage.delete(key)));
        throw error;
      }
      await indexer.sync('material', id);
      await audit.record({
        actorId: actor.id,
        action: 'content.replace_file',
        targetType: 'material',
        targetId: id,
        before,
        after: { ...after, file: file.name },
      });
      for (const old of [text(before.image_key), text(before.video_url)]) {
        if (old !== '' && old !== after.image_key && old !== after.video_url) {
          await deleteOwnFile(storage, old);
        }
      }
      return { id, status: row.status as TPublishStatus, version: version + 1 };
    },
  };
}

export type MaterialFileService = ReturnType<typeof createMaterialFileService>;
