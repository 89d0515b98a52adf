import { detectImageType, type TImageType } from '@portal/contract';

export type ImageSize = { width: number; height: number };

/** PNG: the IHDR chunk comes first; width and height are big-endian at 16 and 20. */
function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') {
    return null;
  }
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** BMP: a 12-byte core header has 16-bit sizes; the others 32-bit (height negative = top-down). */
function bmpSize(b: Buffer): ImageSize | null {
  if (b.length < 26) {
    return null;
  }
  const dib = b.readUInt32LE(14);
  if (dib === 12) {
    return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  }
  return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
}

/** SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walks the marker segments up to the first start-of-frame. */
function jpegSize(b: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) {
      return null;
    }
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (SOF.has(marker)) {
      return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    }
    if (length < 2) {
      return null;
    }
    at += 2 + length;
  }
  return null;
}

/** The pixel size from the header of an image already identified by `detectImageType`; null when unreadable. */
export function imageSize(bytes: Buffer, type: TImageType): ImageSize | null {
  const size = type === 'png' ? pngSize(bytes) : type === 'bmp' ? bmpSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** Type and pixel size of jpg/png/bmp bytes, detected by content; null for anything else. */
export function imageInfo(bytes: Uint8Array): (ImageSize & { type: TImageType }) | null {
  const type = detectImageType(bytes);
  const size = type && imageSize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type);
  return type && size ? { type, ...size } : null;
}
