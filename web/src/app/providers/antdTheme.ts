import type { CSSProperties } from 'react';
import type { ThemeConfig } from 'antd';
import type { TTheme } from '@portal/contract';
import { DEFAULT_THEME } from '@portal/contract';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The session's colours, each checked: one antd cannot derive a palette from falls back to ours. */
export function safeTheme(theme: TTheme): TTheme {
  const safe = { ...DEFAULT_THEME };
  for (const key of Object.keys(DEFAULT_THEME) as (keyof TTheme)[]) {
    const value = theme[key];
    if (typeof value === 'string' && HEX_COLOR.test(value)) safe[key] = value;
  }
  return safe;
}

/** antd theme from the session's colours (spec §3): theme_color is antd's colorPrimary. */
export function antdTheme(theme: TTheme): ThemeConfig {
  const { theme_color } = safeTheme(theme);
  return {
    token: {
      colorPrimary: theme_color,
      colorLink: theme_color,
      borderRadius: 6,
      fontFamily: 'var(--font-cjk)',
    },
  };
}

/** The same colours as CSS variables for our own components (shell, brand, sidebar). */
export function themeCssVars(theme: TTheme): CSSProperties {
  const safe = safeTheme(theme);
  return {
    '--brand': safe.theme_color,
    '--nav-font': safe.nav_font_color,
    '--nav-bg': safe.nav_background,
    '--nav-selected-bg': safe.button_bg_check,
  } as CSSProperties;
}
