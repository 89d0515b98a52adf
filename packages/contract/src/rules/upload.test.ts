import { describe, it, expect } from 'vitest';
import { detectImageType, isClassifierResultShown, validateImageUpload } from './upload.ts';

const hex = (digits: string) => Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

// A complete 1×1 PNG: signature, IHDR, IDAT, IEND.
const PNG = hex(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf500f00038601805a347d6b0000000049454e44ae426082',
);
// The start of a JFIF JPEG: SOI, APP0 marker, length 16, "JFIF\0", version 1.1.
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01]);

/** A complete 1×1 24-bit BMP: file header, BITMAPINFOHEADER, one padded pixel row. */
function bmp(): Uint8Array {
  const bytes = new Uint8Array(58);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]); // "BM"
  view.setUint32(2, 58, true); // file size
  view.setUint32(10, 54, true); // pixel data offset
  view.setUint32(14, 40, true); // BITMAPINFOHEADER size
  view.setInt32(18, 1, true); // width
  view.setInt32(22, 1, true); // height
  view.setUint16(26, 1, true); // planes
  view.setUint16(28, 24, true); // bits per pixel
  bytes.set([0x07, 0x60, 0xf9], 54); // one orange pixel (BGR)
  return bytes;
}

describe('detectImageType', () => {
  it('recognises PNG, JPEG and BMP by their first bytes', () => {
    expect(detectImageType(PNG)).toBe('png');
    expect(detectImageType(JPEG)).toBe('jpg');
    expect(detectImageType(bmp())).toBe('bmp');
  });

  it('looks at the bytes, not the start of the buffer they live in', () => {
    const padded = new Uint8Array(100);
    padded.set(bmp(), 10);
    expect(detectImageType(padded.subarray(10))).toBe('bmp');
  });

  it.each([
    ['a text file renamed .png', ascii('hello, this is not an image at all')],
    ['text that starts with BM', ascii('BMW annual report 2025, page one')],
    ['a GIF', ascii('GIF89a\u0001\u0000\u0001\u0000')],
    ['an empty file', new Uint8Array(0)],
    ['a truncated PNG signature', PNG.subarray(0, 7)],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});

describe('validateImageUpload', () => {
  const FOUR_MIB = 4 * 1024 * 1024;

  it('accepts an image of up to 4 MiB', () => {
    expect(validateImageUpload(PNG)).toBeNull();
    expect(validateImageUpload(JPEG, FOUR_MIB)).toBeNull();
  });

  it('refuses a larger file, an empty file, or one that is not an image', () => {
    expect(validateImageUpload(JPEG, FOUR_MIB + 1)).toBe('上传失败');
    expect(validateImageUpload(new Uint8Array(0))).toBe('上传失败');
    expect(validateImageUpload(ascii('not an image'))).toBe('上传失败');
  });
});

describe('isClassifierResultShown', () => {
  it('shows a result whose percent reaches the threshold', () => {
    expect(isClassifierResultShown(0, 0)).toBe(true);
    expect(isClassifierResultShown(0.07, 0.01 * 7)).toBe(true);
    expect(isClassifierResultShown(0.5, 0.5)).toBe(true);
    expect(isClassifierResultShown(0.06, 0.07)).toBe(false);
    expect(isClassifierResultShown(0.99, 1)).toBe(false);
  });
});
