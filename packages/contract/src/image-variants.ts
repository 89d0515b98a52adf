/**
 * Card-size WebP copies of the public pictures (covers, banners, logos), shared by the server
 * (which makes and serves them) and the web (which asks for them in `srcset`).
 *
 * A variant's URL is its original's with `.w<width>.webp` appended:
 * `/files/demo/banners/1.png` → `/files/demo/banners/1.png.w480.webp`. Originals never change
 * under their key (uploads get a fresh uuid key), so a variant is immutable too and is cached
 * for a year like its original.
 */

/**
 * The widths made, chosen from what the cards and banner render (CSS px × 1 and × 2): a card is
 * 160–240 px wide (2 columns on a phone, 5–6 on a desktop) → 240 / 480; the banner is 358 px on
 * a 390 px phone (× 2–3 → 960) and up to 1,200 px on a desktop → 1440.
 */
export const IMAGE_VARIANT_WIDTHS = [240, 480, 960, 1440] as const;
export type TImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/**
 * A stored public picture's URL: same origin, under /files/, no query (signed URLs are private).
 * BMP is left out: the image library reads PNG and JPEG, and BMP covers are served as they are.
 */
const VARIANT_SOURCE = /^\/files\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:png|jpe?g)$/i;
const VARIANT_URL = /^(.+\.(?:png|jpe?g))\.w(\d+)\.webp$/i;

/** Whether `url` is a picture the server makes variants of. */
export function hasImageVariants(url: string): boolean {
  return VARIANT_SOURCE.test(url);
}

export function imageVariantUrl(url: string, width: TImageVariantWidth): string {
  return `${url}.w${width}.webp`;
}

/** The `srcset` of every variant, or '' when `url` has none (external, signed, not a picture). */
export function imageSrcSet(url: string): string {
  return hasImageVariants(url)
    ? IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ')
    : '';
}

/** The original key and width a variant key names, or null when it names none. */
export function parseImageVariant(key: string): { original: string; width: TImageVariantWidth } | null {
  const match = VARIANT_URL.exec(key);
  const width = Number(match?.[2]);
  return match && (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)
    ? { original: match[1] as string, width: width as TImageVariantWidth }
    : null;
}
