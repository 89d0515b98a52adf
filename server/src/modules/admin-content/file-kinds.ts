import { detectImageType } from '@portal/contract';
import { boundedImageSize, type ImageBounds } from '../../platform/images/image-bounds.ts';
import type { ImageSize } from '../../platform/images/image-size.ts';

/**
 * What an uploaded file is, by its bytes alone (never its name): the back-office's topic files,
 * covers and material media. Pictures are also checked for the size their header declares
 * before anything decodes them (a few hundred bytes can declare a 50,000 × 50,000 image).
 */

export type DocumentKind = 'pdf' | 'xlsx' | 'docx';
export type PictureKind = 'jpg' | 'png' | 'webp' | 'gif';
export type VideoKind = 'mp4' | 'webm';

const startsWith = (b: Buffer, text: string, at = 0) =>
  b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/**
 * PDF by `%PDF-`; .xlsx / .docx by the ZIP signature and the part that makes the package a
 * workbook or a document (ZIP local headers store names uncompressed).
 */
export function documentKind(b: Buffer): DocumentKind | null {
  if (startsWith(b, '%PDF-')) {
    return 'pdf';
  }
  if (!startsWith(b, 'PK\x03\x04')) {
    return null;
  }
  if (b.includes('xl/workbook.xml', 0, 'latin1')) {
    return 'xlsx';
  }
  return b.includes('word/document.xml', 0, 'latin1') ? 'docx' : null;
}

export function pictureKind(b: Buffer): PictureKind | null {
  if (startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a')) {
    return 'gif';
  }
  if (startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8)) {
    return 'webp';
  }
  const type = detectImageType(b);
  return type === 'jpg' || type === 'png' ? type : null;
}

/** WebP: VP8X (extended) stores the canvas, VP8 (lossy) the frame, VP8L (lossless) packed bits. */
function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 30) {
    return null;
  }
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}

/** GIF: the logical screen size follows the signature. */
function gifSize(b: Buffer): ImageSize | null {
  return b.length < 10 ? null : { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/**
 * The picture's kind and declared size if it is a JPG, PNG, WebP or GIF within `bounds`;
 * null to refuse (unknown kind, unreadable header, or a decompression bomb).
 */
export function boundedPicture(
  b: Buffer,
  bounds: ImageBounds,
  allowed: readonly PictureKind[],
): { kind: PictureKind; size: ImageSize } | null {
  const kind = pictureKind(b);
  if (!kind || !allowed.includes(kind)) {
    return null;
  }
  if (kind === 'jpg' || kind === 'png') {
    const size = boundedImageSize(b, kind, bounds);
    return size ? { kind, size } : null;
  }
  const size = kind === 'webp' ? webpSize(b) : gifSize(b);
  if (!size || size.width < 1 || size.height < 1) {
    return null;
  }
  const within =
    size.width <= bounds.maxSide &&
    size.height <= bounds.maxSide &&
    size.width * size.height <= bounds.maxPixels;
  return within ? { kind, size } : null;
}

/** MP4 (an ISO BMFF `ftyp` box first) or WebM (EBML with the `webm` doctype). */
export function videoKind(b: Buffer): VideoKind | null {
  if (startsWith(b, 'ftyp', 4)) {
    return 'mp4';
  }
  const ebml = b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3;
  return ebml && b.subarray(0, 64).includes('webm', 0, 'latin1') ? 'webm' : null;
}

/**
 * The video's length in whole seconds, from MP4's `mvhd` box or WebM's segment Duration
 * (scaled by its TimecodeScale, 1 ms by default); 0 when it cannot be read (the list's length
 * filter then leaves it out, as the seed's videos of unknown length).
 */
export function videoSeconds(b: Buffer, kind: VideoKind): number {
  if (kind === 'mp4') {
    const at = b.indexOf('mvhd', 0, 'latin1');
    if (at < 0 || at + 32 > b.length) {
      return 0;
    }
    const version = b[at + 4];
    const [scale, duration] =
      version === 1
        ? [b.readUInt32BE(at + 24), Number(b.readBigUInt64BE(at + 28))]
        : [b.readUInt32BE(at + 16), b.readUInt32BE(at + 20)];
    return scale > 0 ? Math.round(duration / scale) : 0;
  }
  const info = b.subarray(0, Math.min(b.length, 1 << 20));
  const scaleAt = info.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  let nsPerTick = 1_000_000;
  if (scaleAt >= 0 && scaleAt + 4 < info.length) {
    const len = (info[scaleAt + 3] ?? 0) & 0x7f;
    if (len >= 1 && len <= 6 && scaleAt + 4 + len <= info.length) {
      nsPerTick = info.readUIntBE(scaleAt + 4, len);
    }
  }
  const at = info.indexOf(Buffer.from([0x44, 0x89]));
  if (at < 0 || at + 3 > info.length) {
    return 0;
  }
  const size = info[at + 2];
  const ticks =
    size === 0x84 && at + 7 <= info.length
      ? info.readFloatBE(at + 3)
      : size === 0x88 && at + 11 <= info.length
        ? info.readDoubleBE(at + 3)
        : 0;
  return Number.isFinite(ticks) && ticks > 0 ? Math.round((ticks * nsPerTick) / 1e9) : 0;
}
