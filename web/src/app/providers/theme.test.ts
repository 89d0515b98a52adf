import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio, DEFAULT_THEME } from '@portal/contract';
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
    expect(vars['--border-check']).toBe('#00aa00');
    // A stop too light for the white button text is deepened; one that reads well is kept.
    const [, first, second] = /linear-gradient\(90deg, (#\w+), (#\w+)\)/.exec(vars['--button-bg']!)!;
    expect(first).toBe('#123456');
    expect(contrastRatio('#ffffff', second!)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives text in the brand colour a shade that meets AA on the page and the selected menu item', () => {
    const vars = themeCssVars({ ...DEFAULT_THEME, theme_color: '#ffcc00' }) as Record<string, string>;
    expect(vars['--brand']).toBe('#ffcc00');
    for (const ground of ['#ffffff', '#f5f6f8', DEFAULT_THEME.button_bg_check]) {
      expect(contrastRatio(vars['--brand-text']!, ground)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#ffffff', vars['--brand-fill']!)).toBeGreaterThanOrEqual(4.5);
  });

  it("matches the stylesheet's defaults, which paint the screens that have no session yet", () => {
    const css = readFileSync(join(import.meta.dirname, '../../styles/global.css'), 'utf8');
    const vars = themeCssVars(DEFAULT_THEME) as Record<string, string>;
    for (const name of ['--brand-text', '--brand-fill']) {
      expect(css).toContain(`${name}: ${vars[name]};`);
    }
  });

  it('falls back to the default colour for anything that is not a hex colour', () => {
    const vars = themeCssVars({
      ...DEFAULT_THEME,
      button_bg1: 'red; background: url(//evil)',
      border_bg_check: 'expression(alert(1))',
    }) as Record<string, string>;
    expect(vars['--button-bg']).toBe(themeCssVars(DEFAULT_THEME)['--button-bg' as keyof object]);
    expect(vars['--border-check']).toBe(DEFAULT_THEME.border_bg_check);
  });
});
