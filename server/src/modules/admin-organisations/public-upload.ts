import { randomUUID } from 'node:crypto';
import {
  detectImageType,
  IMAGE_UPLOAD_MAX_BYTES,
  MSG,
  ResultCode,
  VIDEO_UPLOAD_MAX_BYTES,
  type TAdminUploadedFile,
  type TMessage,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { boundedImageSize, SCREENSHOT_BOUNDS } from '../../platform/images/image-bounds.ts';
import { createImageVariants } from '../../platform/images/image-variants.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { IMAGE_FORMAT } from '../account/image-upload.ts';
import { fileUrl } from '../content/content-types.ts';

/**
 * Back-office uploads of public pictures and videos (banners, logos, product media): checked by
 * content, stored write-once under `public/<area>/<uuid>.<ext>` (public files: every user's
 * lists share them), and referred to by that key in the save that follows.
 */
export type PublicArea = 'banners' | 'organisations';

/** Multipart limits: one file; a video may be 100 MiB, a picture is held to 4 MiB below. */
export const PUBLIC_UPLOAD_LIMITS = {
  fileSize: VIDEO_UPLOAD_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
} as const;

/** MP4 / QuickTime: an `ftyp` box first (its size, then the four letters). */
function isMp4(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp';
}

const refuse = (message: TMessage, status = 400) => new AppError(status, ResultCode.failure, message);

async function readFilePart(request: FastifyRequest, tooLarge: TMessage): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw refuse(MSG.uploadFailed);
  }
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') {
      throw refuse(MSG.uploadFailed);
    }
    const bytes = await file.toBuffer();
    if (bytes.length === 0) {
      throw refuse(MSG.uploadFailed);
    }
    return bytes;
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    const status = (error as { statusCode?: number }).statusCode;
    throw refuse(status === 413 ? tooLarge : MSG.uploadFailed, status === 413 ? 413 : 400);
  }
}

/**
 * Reads the request's `file` part and stores it: a jpg/png/bmp picture (≤ 4 MiB, header within
 * the decompression-bomb bounds) or, when `videos` is allowed, an MP4 (≤ 100 MiB). Anything
 * else is refused with the contract's message and nothing is stored.
 */
export async function storePublicUpload(
  request: FastifyRequest,
  storage: Storage,
  area: PublicArea,
  videos: boolean,
): Promise<TAdminUploadedFile> {
  const bytes = await readFilePart(request, videos ? MSG.adminVideoInvalid : MSG.adminImageInvalid);
  const image = detectImageType(bytes);
  if (image !== null) {
    if (bytes.length > IMAGE_UPLOAD_MAX_BYTES || !boundedImageSize(bytes, image, SCREENSHOT_BOUNDS)) {
      throw refuse(MSG.adminImageInvalid);
    }
    const format = IMAGE_FORMAT[image];
    const key = `public/${area}/${randomUUID()}.${format.ext}`;
    // The card-size copies are made now, so no reader waits for them; a picture whose header
    // reads but whose pixels do not decode is refused here, before anything is stored.
    if (image !== 'bmp' && !(await createImageVariants(storage).makeAll(key, bytes))) {
      throw refuse(MSG.adminImageInvalid);
    }
    await storage.put(key, bytes, format.contentType);
    return { key, url: fileUrl(key), type: 1 };
  }
  if (videos && isMp4(bytes)) {
    const key = `public/${area}/${randomUUID()}.mp4`;
    await storage.put(key, bytes, 'video/mp4');
    return { key, url: fileUrl(key), type: 2 };
  }
  throw refuse(videos ? MSG.adminVideoInvalid : MSG.adminImageInvalid);
}

const UPLOADED_KEY = /^public\/(banners|organisations)\/[0-9a-f-]{36}\.(png|jpg|bmp|mp4)$/;

/**
 * A file key a save refers to: empty, one the row already holds (seeded keys among them), or a
 * file this area's upload stored. Anything else (a typed path, another area's file, a file
 * never uploaded) is refused, so a save cannot point a public page at a private file.
 */
export async function checkFileKey(
  storage: Storage,
  area: PublicArea,
  key: string,
  current: ReadonlySet<string>,
  kind: 'image' | 'video' | 'any' = 'image',
): Promise<void> {
  if (key === '' || current.has(key)) {
    return;
  }
  const match = UPLOADED_KEY.exec(key);
  const isVideo = match?.[2] === 'mp4';
  const kindOk = kind === 'any' || (kind === 'video') === isVideo;
  if (!match || match[1] !== area || !kindOk || !(await storage.exists(key))) {
    throw AppError.badRequest(MSG.adminFileMissing);
  }
}
