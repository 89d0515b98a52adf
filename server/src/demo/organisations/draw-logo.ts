import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { encodeCanvas } from '../../ingest/encode-canvas.ts';
import { NOTO_SANS_CJK } from '../pdf/cjk-font.ts';

const FAMILY = 'DemoOrganLogo';
let registered = false;

/**
 * A square organisation logo: a rounded gradient tile with the first one or two characters of
 * the name, large and centred (the poster generator's text is sized for banners, not marks).
 */
export async function drawLogo(name: string, colors: readonly [string, string], size = 240): Promise<Buffer> {
  if (!registered) {
    if (!GlobalFonts.registerFromPath(NOTO_SANS_CJK.bold.path, FAMILY)) {
      throw new Error(
        `Chinese font not found at ${NOTO_SANS_CJK.bold.path} (apt-get install fonts-noto-cjk)`,
      );
    }
    registered = true;
  }
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, size, size);
  gradient.addColorStop(0, colors[0]);
  gradient.addColorStop(1, colors[1]);
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.roundRect(0, 0, size, size, size * 0.18);
  ctx.fill();
  const mark = [...name].slice(0, 2).join('');
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `${Math.round(size * (mark.length > 1 ? 0.36 : 0.5))}px ${FAMILY}`;
  ctx.fillText(mark, size / 2, size / 2 + size * 0.02);
  return encodeCanvas(canvas, 'png');
}
