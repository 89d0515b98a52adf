import { detectImageType, IMAGE_UPLOAD_MAX_BYTES, MSG, ResultCode, type TImageType } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

/** Multipart limits for one image: @fastify/multipart stops reading past 4 MiB (→ 413). */
export const IMAGE_MULTIPART_LIMITS = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
} as const;

export type ImageUpload = { bytes: Buffer; type: TImageType };

/** Storage key extension and Content-Type of each accepted type. */
export const IMAGE_FORMAT: Readonly<Record<TImageType, { ext: string; contentType: string }>> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpg: { ext: 'jpg', contentType: 'image/jpeg' },
  bmp: { ext: 'bmp', contentType: 'image/bmp' },
};

/**
 * The one file part of a multipart upload: jpg, png or bmp by its first bytes (never its name
 * or declared type), 1 byte to 4 MiB. Every refusal is 上传失败 (spec §8); nothing is stored.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<ImageUpload> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(MSG.uploadFailed);
  }
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field) {
      throw AppError.badRequest(MSG.uploadFailed);
    }
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    const status = (error as { statusCode?: number }).statusCode;
    throw new AppError(status === 413 ? 413 : 400, ResultCode.failure, MSG.uploadFailed);
  }
  const type = bytes.length > 0 ? detectImageType(bytes) : null;
  if (type === null) {
    throw AppError.badRequest(MSG.uploadFailed);
  }
  return { bytes, type };
}
