import type { Canvas } from '@napi-rs/canvas';

/** Canvases being encoded: referenced here until their encoding has finished. */
const encoding = new Set<Canvas>();

/**
 * Encodes a canvas, holding it until the bytes are back. @napi-rs/canvas 0.1 encodes on the libuv
 * thread pool from a bare pointer to the canvas's Skia surface: a canvas nothing references
 * while that runs (`return canvas.encode(…)`, or an async frame that no longer needs it) can be
 * garbage collected, its surface freed under the encoder, and the process dies of a SIGSEGV
 * (upstream Brooooooklyn/canvas#1312, fixed in 1.x; pdfjs-dist 5.6 depends on 0.1, and two
 * copies of the addon in one thread would be worse). Server test processes died of exactly
 * this in CI: the core's crashing thread was a thread-pool thread inside skia
 * (`encode-canvas.test.ts` makes the crash happen without the hold).
 */
export async function encodeCanvas(
  canvas: Canvas,
  format: 'png' | 'jpeg',
  quality?: number,
): Promise<Buffer> {
  encoding.add(canvas);
  try {
    return format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', quality);
  } finally {
    encoding.delete(canvas);
  }
}
