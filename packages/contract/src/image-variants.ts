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
 * The widths made, chosen from what the cards and banner render (CSS px × device pixel ratio): a
 * card is ~175 px wide on a 390 px phone (2 columns; × 1.75–3 → 320 / 640) and 274–320 px on a
 * desktop (→ 320, 640 at 2×); the banner is 358 px on that phone (→ 640 / 960 / 1440) and up to
 * 1,200 px on a desktop (→ 1440).
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1440] as const;
export type TImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** `sizes` of a content card's cover: half a phone's screen (2 columns), ≤ 320 px on a desktop. */
export const CARD_IMAGE_SIZES = '(max-width: 991px) 50vw, 320px';
/**
 * `sizes` of a home banner: the content column, the phone's width less its margins, ≤ 1,200 px on
 * a desktop. The server's preload of the first banner says the same, so the browser reuses it.
 */
export const BANNER_IMAGE_SIZES = '(max-width: 991px) calc(100vw - 32px), min(1200px, calc(100vw - 280px))';

/**
 * A stored picture's URL: same origin, under /files/, either plain (a public picture) or signed
 * (`?exp=…&sig=…`: a report's page image, served to whoever was handed the URL). A signed
 * picture's copies carry the same query: the server checks it against the original's key, as
 * seeing a smaller copy of a picture is no more than seeing the picture. BMP is left out: the
 * image library reads PNG and JPEG, and BMP covers are served as they are.
 */
const VARIANT_SOURCE =
  /^(\/files\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:png|jpe?g))(\?exp=\d+&sig=[A-Za-z0-9_-]+)?$/i;
const VARIANT_URL = /^(.+\.(?:png|jpe?g))\.w(\d+)\.webp$/i;

/** Whether `url` is a picture the server makes variants of. */
export function hasImageVariants(url: string): boolean {
  return VARIANT_SOURCE.test(url);
}

/** The URL of `url`'s copy `width` wide; a signed URL's copy keeps its signature. */
export function imageVariantUrl(url: string, width: TImageVariantWidth): string {
  const [, path = url, signature = ''] = VARIANT_SOURCE.exec(url) ?? [];
  return `${path}.w${width}.webp${signature}`;
}

/** The `srcset` of every variant, or '' when `url` has none (external, not a picture). */
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
