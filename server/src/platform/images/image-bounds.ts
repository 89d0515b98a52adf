import type { TImageType } from '@portal/contract';
import { imageSize, type ImageSize } from './image-size.ts';

/** The largest picture an upload may declare: per side, and in pixels overall. */
export type ImageBounds = { maxSide: number; maxPixels: number };

/**
 * Feedback screenshots: a 4K or 5K screen, or a long page captured whole (1920 × 16,384), fits;
 * 40 megapixels is ~160 MB once a browser decodes it, the most an admin's tab should be asked for.
 */
export const SCREENSHOT_BOUNDS: ImageBounds = { maxSide: 16_384, maxPixels: 40_000_000 };

/**
 * The one check every uploaded picture passes before it is stored: its header must be readable
 * and declare a size within `bounds`. A file of a few hundred bytes can declare 50,000 × 50,000
 * pixels (a decompression bomb): nothing here decodes it, but every browser that shows it would
 * try to. Returns the size, or null to refuse.
 */
export function boundedImageSize(bytes: Buffer, type: TImageType, bounds: ImageBounds): ImageSize | null {
  const size = imageSize(bytes, type);
  if (!size || size.width > bounds.maxSide || size.height > bounds.maxSide) {
    return null;
  }
  return size.width * size.height <= bounds.maxPixels ? size : null;
}
