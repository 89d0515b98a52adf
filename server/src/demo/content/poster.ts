import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeCanvas } from '../../ingest/encode-canvas.ts';
import { NOTO_SANS_CJK } from '../pdf/cjk-font.ts';

export type PosterInput = {
  width: number;
  height: number;
  title: string;
  subtitle?: string;
  /** Small label in a corner, e.g. 视频 or a brand. */
  badge?: string;
  /** Two colours of the background gradient. */
  colors: readonly [string, string];
  /** Draws a play button (video posters). */
  play?: boolean;
  /** png by default; jpeg encodes several times faster (organisation pages use it for many images). */
  format?: 'png' | 'jpeg';
};

const FAMILY = 'DemoNotoSansCJK';
let registered = false;

function registerFont(): void {
  if (registered) {
    return;
  }
  if (!GlobalFonts.registerFromPath(NOTO_SANS_CJK.bold.path, FAMILY)) {
    throw new Error(`Chinese font not found at ${NOTO_SANS_CJK.bold.path} (apt-get install fonts-noto-cjk)`);
  }
  registered = true;
}

/** Splits text into lines that fit `maxWidth` (Chinese wraps between any two characters). */
function wrap(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (ctx.measureText(line + ch).width > maxWidth && line !== '') {
      lines.push(line);
      line = ch;
      if (lines.length === maxLines) {
        return lines;
      }
    } else {
      line += ch;
    }
  }
  if (line !== '' && lines.length < maxLines) {
    lines.push(line);
  }
  return lines;
}

/**
 * A small PNG poster with Chinese text: demo material images, video posters, banners and
 * insight covers. Deterministic for the same input.
 */
export async function drawPoster(input: PosterInput): Promise<Buffer> {
  registerFont();
  const { width, height } = input;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, input.colors[0]);
  gradient.addColorStop(1, input.colors[1]);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);

  // A few translucent circles so posters do not look like flat swatches.
  ctx.fillStyle = 'rgba(255,255,255,0.12)';
  for (const [x, y, r] of [
    [0.85, 0.15, 0.35],
    [0.1, 0.9, 0.45],
    [0.6, 0.75, 0.2],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x * width, y * height, r * Math.min(width, height), 0, Math.PI * 2);
    ctx.fill();
  }

  const unit = Math.min(width, height);
  const margin = Math.round(unit * 0.08);
  const titleSize = Math.round(unit * (width > height * 2 ? 0.16 : 0.1));
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'top';
  ctx.font = `${titleSize}px ${FAMILY}`;
  const lines = wrap(ctx, input.title, width - margin * 2, 3);
  let y = width > height * 2 ? Math.round(height * 0.28) : Math.round(height * 0.38);
  for (const line of lines) {
    ctx.fillText(line, margin, y);
    y += Math.round(titleSize * 1.3);
  }
  if (input.subtitle) {
    ctx.font = `${Math.round(titleSize * 0.45)}px ${FAMILY}`;
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    for (const line of wrap(ctx, input.subtitle, width - margin * 2, 2)) {
      ctx.fillText(line, margin, y + Math.round(titleSize * 0.2));
      y += Math.round(titleSize * 0.6);
    }
  }
  if (input.badge) {
    const size = Math.round(unit * 0.05);
    ctx.font = `${size}px ${FAMILY}`;
    const w = ctx.measureText(input.badge).width + size;
    ctx.fillStyle = 'rgba(0,0,0,0.35)';
    ctx.fillRect(margin, margin, w, size * 1.8);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(input.badge, margin + size / 2, margin + size * 0.35);
  }
  if (input.play) {
    const r = unit * 0.1;
    const cx = width / 2;
    const cy = height * 0.22 + r;
    ctx.fillStyle = 'rgba(0,0,0,0.35)';
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.35, cy - r * 0.5);
    ctx.lineTo(cx + r * 0.55, cy);
    ctx.lineTo(cx - r * 0.35, cy + r * 0.5);
    ctx.closePath();
    ctx.fill();
  }
  return encodeCanvas(canvas, input.format ?? 'png', 85);
}
