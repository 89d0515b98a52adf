import { contrastRatio, DEFAULT_THEME } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { adminTheme } from './adminTheme.ts';

describe('the back-office theme', () => {
  it.each([DEFAULT_THEME.theme_color, '#ffd000', '#1677ff'])(
    'gives antd a brand %s that reads at AA on white, for buttons, links and danger alike',
    (brand) => {
      const { token = {} } = adminTheme(brand, true);
      for (const color of [token.colorPrimary, token.colorLink, token.colorError]) {
        expect(contrastRatio(color!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }
      expect(token.colorLink).toBe(token.colorPrimary);
    },
  );

  it('keeps a brand that already reads as it is', () => {
    expect(adminTheme('#1d39c4', false).token).toMatchObject({ colorPrimary: '#1d39c4', motion: false });
  });
});
