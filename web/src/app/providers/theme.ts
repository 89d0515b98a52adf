import type { CSSProperties } from 'react';
import type { TTheme } from '@portal/contract';
import { DEFAULT_THEME, mixColors, readableShade } from '@portal/contract';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The session's colours, each checked: a value that is not a hex colour falls back to ours. */
export function safeTheme(theme: TTheme): TTheme {
  const safe = { ...DEFAULT_THEME };
  for (const key of Object.keys(DEFAULT_THEME) as (keyof TTheme)[]) {
    const value = theme[key];
    if (typeof value === 'string' && HEX_COLOR.test(value)) {
      safe[key] = value;
    }
  }
  return safe;
}

/** The page ground; brand text also sits on white cards and on light tints of the brand. */
const PAGE_BG = '#f5f6f8';

/** A shade of `color` that reads at AA on every ground in `grounds` (each step only darkens). */
function readableOnAll(color: string, grounds: string[]): string {
  return grounds.reduce((shade, ground) => readableShade(shade, ground), color);
}

/**
 * The session's colours (spec §3) as the CSS variables every component styles itself with:
 * primary buttons fill with button_bg1 → button_bg2 (`--button-bg`), checked choices are
 * outlined in border_bg_check (`--border-check`), the navigation uses the nav colours.
 * Text and white-on-colour fills take a shade of the chosen colour that meets WCAG AA
 * (`--brand-text`, `--brand-fill`, the button stops, the nav font): an admin picks a brand, not
 * a contrast ratio; borders and accents keep the colour as chosen.
 */
export function themeCssVars(theme: TTheme): CSSProperties {
  const safe = safeTheme(theme);
  return {
    '--brand': safe.theme_color,
    // Grounds: the page, the selected menu item, and the 10–12% brand tints of chips and labels.
    '--brand-text': readableOnAll(safe.theme_color, [
      PAGE_BG,
      safe.button_bg_check,
      mixColors(safe.theme_color, '#ffffff', 0.88),
    ]),
    '--brand-fill': readableShade(safe.theme_color, '#ffffff'),
    '--nav-font': readableShade(safe.nav_font_color, safe.nav_background),
    '--nav-bg': safe.nav_background,
    '--nav-selected-bg': safe.button_bg_check,
    '--button-bg': `linear-gradient(90deg, ${readableShade(safe.button_bg1, '#ffffff')}, ${readableShade(safe.button_bg2, '#ffffff')})`,
    '--border-check': safe.border_bg_check,
  } as CSSProperties;
}
