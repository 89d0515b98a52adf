import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { encodeCanvas } from './encode-canvas.ts';

export type ImageFormat = 'png' | 'jpeg';

export type RenderedImage = { bytes: Uint8Array; width: number; height: number; contentType: string };

// A page far taller than wide (a scanned receipt, a poster) would otherwise ask for a canvas
// of hundreds of megapixels; such pages are scaled down until they fit.
const MAX_PIXELS = 12_000_000;
const JPEG_QUALITY = 75;

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** The pixel size `page` renders at for a target width, and the pdf.js scale that gives it. */
export function renderSize(
  page: PDFPageProxy,
  targetWidth: number,
): { width: number; height: number; scale: number } {
  const natural = page.getViewport({ scale: 1 });
  let scale = targetWidth / natural.width;
  const pixels = natural.width * natural.height * scale * scale;
  if (pixels > MAX_PIXELS) {
    scale *= Math.sqrt(MAX_PIXELS / pixels);
  }
  const viewport = page.getViewport({ scale });
  return {
    width: Math.max(1, Math.round(viewport.width)),
    height: Math.max(1, Math.round(viewport.height)),
    scale,
  };
}

/** Renders one page on a white background and encodes it (the encoding runs off the JS thread). */
export async function renderPage(
  page: PDFPageProxy,
  targetWidth: number,
  format: ImageFormat,
): Promise<RenderedImage> {
  const { width, height, scale } = renderSize(page, targetWidth);
  const canvas = createCanvas(width, height);
  // pdf.js types its canvas as the DOM's; @napi-rs/canvas is the Node implementation pdf.js
  // itself loads, so the cast only bridges the type declarations.
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    viewport: page.getViewport({ scale }),
  }).promise;
  const bytes = await encodeCanvas(canvas, format, JPEG_QUALITY);
  return { bytes, width, height, contentType: format === 'png' ? 'image/png' : 'image/jpeg' };
}
