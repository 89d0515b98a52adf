import type { ThemeConfig } from 'antd';
import { mixColors, readableShade } from '@portal/contract';

/**
 * Status colours whose text reads at AA on their own tints (antd's tags write `colorSuccess` on
 * `colorSuccessBg`: its defaults gave 2.2:1 for success, 1.8 warning, 3.7 info, 3.3 error). The
 * tints are antd's defaults, given explicitly: antd derives them from the seed colour, and a
 * darker seed alone darkens its tint too.
 */
const STATUS = {
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  colorError: '#cf1322',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
};

/** The back-office's page ground (antd's `colorBgLayout`), under the breadcrumbs. */
const LAYOUT_GROUND = '#f5f5f5';

/**
 * Greys of secondary text that read at AA where antd puts them: its defaults (45% and 25% black)
 * gave 3.3:1 to breadcrumbs on the page ground, 3.4 to table captions, statistics' titles and
 * empty-list text on white, 1.8 to select and input placeholders.
 */
const GREYS = {
  colorTextTertiary: readableShade('#8c8c8c', LAYOUT_GROUND),
  colorTextDescription: readableShade('#8c8c8c', LAYOUT_GROUND),
  colorTextPlaceholder: readableShade('#bfbfbf', '#ffffff'),
};

/**
 * antd's tokens for the back-office. The brand colour an admin picks (#f96007 by default, 2.9:1
 * against white) is a fill under white text and a colour of links and text on white, so antd
 * gets the shade of it that meets WCAG AA on white, as the reader's `--brand-fill` does
 * (app/providers/theme.ts); links take it too (antd's are blue by default, beside orange buttons).
 * The side menu's selected item writes the brand on a tint of it: the shade reads on that tint.
 */
export function adminTheme(brandColor: string, motion: boolean): ThemeConfig {
  const brand = readableShade(brandColor, '#ffffff');
  const selectedTint = mixColors(brandColor, '#ffffff', 0.9);
  return {
    token: { colorPrimary: brand, colorLink: brand, ...STATUS, ...GREYS, motion },
    components: {
      Menu: { itemSelectedBg: selectedTint, itemSelectedColor: readableShade(brand, selectedTint) },
      // An empty table's text is antd's disabled grey: nothing in it is disabled.
      Table: { colorTextDisabled: GREYS.colorTextDescription },
    },
  };
}
