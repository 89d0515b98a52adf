import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@portal/contract';
import { themeCssVars } from './theme.ts';

describe('themeCssVars', () => {
  it('turns every colour of the session reply into a CSS variable (spec §3)', () => {
    const vars = themeCssVars({
      ...DEFAULT_THEME,
      theme_color: '#1677ff',
      button_bg1: '#123456',
      button_bg2: '#abcdef',
      border_bg_check: '#00aa00',
    }) as Record<string, string>;
    expect(vars['--brand']).toBe('#1677ff');
    expect(vars['--button-bg']).toBe('linear-gradient(90deg, #123456, #abcdef)');
    expect(vars['--border-check']).toBe('#00aa00');
  });

  it('falls back to the default colour for anything that is not a hex colour', () => {
    const vars = themeCssVars({
      ...DEFAULT_THEME,
      button_bg1: 'red; background: url(//evil)',
      border_bg_check: 'expression(alert(1))',
    }) as Record<string, string>;
    expect(vars['--button-bg']).toBe(
      `linear-gradient(90deg, ${DEFAULT_THEME.button_bg1}, ${DEFAULT_THEME.button_bg2})`,
    );
    expect(vars['--border-check']).toBe(DEFAULT_THEME.border_bg_check);
  });
});
