import type { TMessage } from '../messages.ts';
import { MSG } from '../messages.ts';
import type { TImageType } from '../constants.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from '../constants.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** "BM" alone is too weak (any text starting "BM" has it); the DIB header size must be a real one. */
const BMP_DIB_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 18 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) {
    return false;
  }
  const dibHeaderSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(14, true);
  return BMP_DIB_HEADER_SIZES.has(dibHeaderSize);
}

/**
 * The image type by the file's first bytes, never by its name: a text file renamed .png is
 * null. 18 leading bytes are enough for all three types.
 */
export function detectImageType(bytes: Uint8Array): TImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) {
    return 'png';
  }
  if (startsWith(bytes, JPEG_SIGNATURE)) {
    return 'jpg';
  }
  if (isBmp(bytes)) {
    return 'bmp';
  }
  return null;
}

/**
 * An image upload (classifier or feedback screenshot): jpg, png or bmp, at most 4 MiB.
 * `head` is the file's first bytes (or all of it); `size` its full size in bytes. The spec
 * has one message for every upload failure: 上传失败.
 */
export function validateImageUpload(head: Uint8Array, size: number = head.length): TMessage | null {
  if (size <= 0 || size > IMAGE_UPLOAD_MAX_BYTES) {
    return MSG.uploadFailed;
  }
  return detectImageType(head) === null ? MSG.uploadFailed : null;
}

/**
 * The classifier shows a result when its score, as the whole percent it is displayed with,
 * is at least the threshold's percent. Comparing whole percents keeps slider steps such as
 * 0.07 (0.07000000000000001 in floating point) from hiding a result shown as 7 %.
 */
export function isClassifierResultShown(score: number, threshold: number): boolean {
  return Math.round(score * 100) >= Math.round(threshold * 100);
}
