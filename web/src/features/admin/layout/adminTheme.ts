import type { ThemeConfig } from 'antd';
import { readableShade } from '@portal/contract';

/** antd's red for errors and danger (#ff4d4f) reads at 3.3:1 on white; its red-7 at 5.9:1. */
const DANGER = '#cf1322';

/**
 * antd's tokens for the back-office. The brand colour an admin picks (#f96007 by default, 2.9:1
 * against white) is a fill under white text and a colour of links and text on white, so antd
 * gets the shade of it that meets WCAG AA on white, as the reader's `--brand-fill` does
 * (app/providers/theme.ts); links take it too (antd's are blue by default, beside orange buttons).
 */
export function adminTheme(brandColor: string, motion: boolean): ThemeConfig {
  const brand = readableShade(brandColor, '#ffffff');
  return { token: { colorPrimary: brand, colorLink: brand, colorError: DANGER, motion } };
}
