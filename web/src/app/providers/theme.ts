import type { CSSProperties } from 'react';
import type { TTheme } from '@portal/contract';
import { DEFAULT_THEME } from '@portal/contract';

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

/**
 * The session's colours (spec §3) as the CSS variables every component styles itself with:
 * primary buttons fill with button_bg1 → button_bg2 (`--button-bg`), checked choices are
 * outlined in border_bg_check (`--border-check`), the navigation uses the nav colours.
 */
export function themeCssVars(theme: TTheme): CSSProperties {
  const safe = safeTheme(theme);
  return {
    '--brand': safe.theme_color,
    '--nav-font': safe.nav_font_color,
    '--nav-bg': safe.nav_background,
    '--nav-selected-bg': safe.button_bg_check,
    '--button-bg': `linear-gradient(90deg, ${safe.button_bg1}, ${safe.button_bg2})`,
    '--border-check': safe.border_bg_check,
  } as CSSProperties;
}
