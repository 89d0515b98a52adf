import type { PosterInput } from './poster.ts';

export type { PosterInput };

/** An image the demo seed draws: a poster (covers, materials, banners) or an organisation logo. */
export type DemoImage =
  | ({ kind: 'poster' } & PosterInput)
  | { kind: 'logo'; name: string; colors: readonly [string, string]; size?: number };

/**
 * Draws a demo image with @napi-rs/canvas. Only the PDF worker thread calls this (through
 * `PdfRunner.drawDemoImage`), so one thread of the process owns the canvas addon: a first start
 * once hung for good drawing a poster on the main thread while the idle PDF worker thread, which
 * had loaded the same addon, was alive. The drawing modules load on first use.
 */
export async function drawDemoImage(image: DemoImage): Promise<Buffer> {
  if (image.kind === 'logo') {
    const { drawLogo } = await import('../organisations/draw-logo.ts');
    return drawLogo(image.name, image.colors, image.size);
  }
  const { kind: _kind, ...poster } = image;
  const { drawPoster } = await import('./poster.ts');
  return drawPoster(poster);
}

/** Gradient pairs posters pick from. */
export const POSTER_COLORS: readonly (readonly [string, string])[] = [
  ['#f96007', '#ffb347'],
  ['#1677ff', '#69b1ff'],
  ['#13a8a8', '#5cdbd3'],
  ['#722ed1', '#b37feb'],
  ['#eb2f96', '#ff85c0'],
  ['#389e0d', '#95de64'],
  ['#d4380d', '#ff9c6e'],
  ['#08979c', '#1d39c4'],
];
