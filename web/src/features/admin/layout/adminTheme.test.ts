import { theme } from 'antd';
import { contrastRatio, DEFAULT_THEME } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { adminTheme } from './adminTheme.ts';

/** The tokens antd's components are styled with, derived as antd derives them. */
const tokensOf = (brand: string) => theme.getDesignToken(adminTheme(brand, true));

describe('the back-office theme', () => {
  it.each([DEFAULT_THEME.theme_color, '#ffd000', '#1677ff'])(
    'gives antd a brand %s that reads at AA on white, under white text and as link text alike',
    (brand) => {
      const token = tokensOf(brand);
      expect(contrastRatio(token.colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(token.colorLink).toBe(token.colorPrimary);
    },
  );

  it('keeps a brand that already reads as it is', () => {
    expect(adminTheme('#1d39c4', false).token).toMatchObject({ colorPrimary: '#1d39c4', motion: false });
  });

  it('writes every status tag (已发布, 正常, 发送中, 失败) at AA on its tint and on white', () => {
    const token = tokensOf(DEFAULT_THEME.theme_color);
    const pairs: [text: string, tint: string][] = [
      [token.colorSuccess, token.colorSuccessBg],
      [token.colorWarning, token.colorWarningBg],
      [token.colorInfo, token.colorInfoBg],
      [token.colorError, token.colorErrorBg],
    ];
    for (const [text, tint] of pairs) {
      expect(contrastRatio(text, tint), `${text} on ${tint}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, '#ffffff'), `${text} on white`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes the selected menu item, breadcrumbs, captions and placeholders at AA', () => {
    for (const brand of [DEFAULT_THEME.theme_color, '#ffd000', '#1677ff']) {
      const config = adminTheme(brand, true);
      const menu = config.components?.Menu ?? {};
      expect(contrastRatio(menu.itemSelectedColor!, menu.itemSelectedBg!), brand).toBeGreaterThanOrEqual(4.5);
    }
    const token = tokensOf(DEFAULT_THEME.theme_color);
    // Breadcrumbs sit on the page ground; captions, statistics' titles and empty lists on white.
    expect(contrastRatio(token.colorTextDescription, token.colorBgLayout)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token.colorTextTertiary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token.colorTextPlaceholder, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
