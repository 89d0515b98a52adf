import { describe, expect, it } from 'vitest';
import { bmpHeader, jpegHeader, pngHeader } from '../../modules/account/images.fixture.ts';
import { boundedImageSize, SCREENSHOT_BOUNDS } from './image-bounds.ts';

describe('boundedImageSize', () => {
  it('passes pictures within the bounds with their size', () => {
    expect(boundedImageSize(pngHeader(1920, 1080), 'png', SCREENSHOT_BOUNDS)).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(boundedImageSize(jpegHeader(5120, 2880), 'jpg', SCREENSHOT_BOUNDS)).toEqual({
      width: 5120,
      height: 2880,
    });
    expect(boundedImageSize(bmpHeader(1920, 16_384), 'bmp', SCREENSHOT_BOUNDS)).toEqual({
      width: 1920,
      height: 16_384,
    });
  });

  it.each([
    ['png', pngHeader(50_000, 50_000)],
    ['jpg', jpegHeader(65_500, 65_500)],
    ['bmp', bmpHeader(50_000, 50_000)],
    ['png', pngHeader(16_385, 10)],
    ['png', pngHeader(10, 16_385)],
    ['png', pngHeader(8_000, 8_000)],
  ] as const)('refuses a %s declaring more than the bounds allow', (type, bytes) => {
    expect(bytes.length).toBeLessThan(200);
    expect(boundedImageSize(bytes, type, SCREENSHOT_BOUNDS)).toBeNull();
  });

  it('refuses a header it cannot read', () => {
    expect(boundedImageSize(pngHeader(1, 1).subarray(0, 20), 'png', SCREENSHOT_BOUNDS)).toBeNull();
    expect(boundedImageSize(pngHeader(0, 10), 'png', SCREENSHOT_BOUNDS)).toBeNull();
  });
});
