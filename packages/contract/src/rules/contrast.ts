/**
 * Colour contrast as WCAG 2.x measures it. The theme colours are data an admin picks (spec §3);
 * text drawn in them must still meet AA (4.5:1), so the web derives a readable shade of each —
 * the same hue moved toward black (or white on a dark ground) just far enough — instead of
 * refusing a brand colour that works well for fills and borders.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.replace('#', '');
  if (h.length === 3) {
    h = [...h].map((c) => c + c).join('');
  }
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** `a` mixed with `b` by `t` (0 → a, 1 → b), as CSS `color-mix(in srgb, b t, a)` draws it. */
export function mixColors(a: string, b: string, t: number): string {
  const [x, y] = [parseHex(a.slice(0, 7)), parseHex(b.slice(0, 7))];
  return toHex(x.map((c, i) => c + (y[i]! - c) * t) as Rgb);
}

/** WCAG contrast ratio of two `#rgb`/`#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `color` itself when it reaches `min` against `ground`, else the nearest shade that does: mixed
 * toward black on a light ground (toward white on a dark one) in 2% steps.
 */
export function readableShade(color: string, ground: string, min = 4.5): string {
  const base = parseHex(color.slice(0, 7));
  const target: Rgb = luminance(parseHex(ground)) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 50; step++) {
    const t = step / 50;
    const mixed = toHex(base.map((c, i) => c + (target[i]! - c) * t) as Rgb);
    if (contrastRatio(mixed, ground) >= min) {
      return step === 0 ? color : mixed;
    }
  }
  return toHex(target);
}
