import { IMAGE_VARIANT_WIDTHS, type TImageVariantWidth } from '@portal/contract';
import type { Storage } from '../storage/storage.ts';
import { SCREENSHOT_BOUNDS } from './image-bounds.ts';

/**
 * Card-size WebP copies of public pictures (`IMAGE_VARIANT_WIDTHS`, contract image-variants.ts),
 * stored under `cache/images/<original key>/w<width>.webp`: `cache/` is never served as itself
 * (modules/files), and one folder per original lets a delete take every copy with it.
 *
 * Made at upload for what the back-office stores (`makeAll`), and on first request for anything
 * stored before (the demo library, report covers from ingestion, earlier uploads): originals never
 * change under their key, so a copy made once stays right, and making it on demand needs no
 * start-up pass over every picture on every worker. WebP only: AVIF at effort 2 took 2–3× as long
 * to encode here for 10–40 % fewer bytes on 2–13 KB files (measured 2026-11-26).
 */
const CACHE_PREFIX = 'cache/images/';
/** q78 keeps covers' small print legible at card size (checked by eye at 1× and 2×). */
const WEBP_QUALITY = 78;

export function imageVariantKey(original: string, width: TImageVariantWidth): string {
  return `${CACHE_PREFIX}${original}/w${width}.webp`;
}

/** One WebP at `width` (never wider than the original); throws when `bytes` do not decode. */
export async function encodeVariant(bytes: Buffer, width: number): Promise<Buffer> {
  // Loaded on the first picture encoded (~0.1 s of a process start otherwise).
  const { default: sharp } = await import('sharp');
  return sharp(bytes, { limitInputPixels: SCREENSHOT_BOUNDS.maxPixels })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

export type ImageVariants = {
  /**
   * The key of the variant, made from the original when missing; null when there is no original
   * or it does not decode (the web then shows the original).
   */
  ensure(original: string, width: TImageVariantWidth): Promise<string | null>;
  /** Makes every width from the original's bytes; false (nothing stored) when they do not decode. */
  makeAll(original: string, bytes: Buffer): Promise<boolean>;
};

export function createImageVariants(storage: Storage): ImageVariants {
  // Two cards asking for the same copy at once share one encode.
  const making = new Map<string, Promise<string | null>>();

  const make = async (original: string, width: TImageVariantWidth, key: string) => {
    const bytes = await storage.get(original);
    if (!bytes) {
      return null;
    }
    const encoded = await encodeVariant(bytes, width).catch(() => null);
    if (!encoded) {
      return null;
    }
    await storage.put(key, encoded, 'image/webp');
    return key;
  };

  return {
    async ensure(original, width) {
      const key = imageVariantKey(original, width);
      if (await storage.exists(key)) {
        return key;
      }
      let pending = making.get(key);
      if (!pending) {
        pending = make(original, width, key).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
    async makeAll(original, bytes) {
      let encoded: Buffer[];
      try {
        encoded = await Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => encodeVariant(bytes, width)));
      } catch {
        return false;
      }
      await Promise.all(
        IMAGE_VARIANT_WIDTHS.map((width, i) =>
          storage.put(imageVariantKey(original, width), encoded[i] as Buffer, 'image/webp'),
        ),
      );
      return true;
    },
  };
}

/**
 * `storage` whose deletes take a picture's variants with it: removing `public/banners/x.png`
 * removes `cache/images/public/banners/x.png/…`, removing the folder `reports/42` removes
 * `cache/images/reports/42/…`. Every caller that removes an item's files goes through here.
 */
export function withImageVariants(storage: Storage): Storage {
  // Spelled out, not spread: the local adapter is a class, whose methods a spread would drop.
  return {
    put: (key, bytes, contentType) => storage.put(key, bytes, contentType),
    get: (key) => storage.get(key),
    stream: (key, range) => storage.stream(key, range),
    exists: (key) => storage.exists(key),
    list: (prefix) => storage.list(prefix),
    async delete(key) {
      await storage.delete(key);
      if (!key.startsWith(CACHE_PREFIX)) {
        await storage.deletePrefix(`${CACHE_PREFIX}${key}`);
      }
    },
    async deletePrefix(prefix) {
      const removed = await storage.deletePrefix(prefix);
      if (!prefix.startsWith(CACHE_PREFIX)) {
        await storage.deletePrefix(`${CACHE_PREFIX}${prefix}`);
      }
      return removed;
    },
  };
}
