import { describe, expect, it } from 'vitest';
import { contrastRatio, readableShade } from './contrast.ts';

describe('colour contrast (WCAG 2.x)', () => {
  it('measures the known extremes and the default brand orange', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // The portal's orange on white is below AA for text: why text takes a shade of it.
    expect(contrastRatio('#f96007', '#ffffff')).toBeLessThan(4.5);
  });

  it('keeps a colour that already reads well, and darkens one that does not just enough', () => {
    expect(readableShade('#1f1f1f', '#ffffff')).toBe('#1f1f1f');
    const shade = readableShade('#f96007', '#ffffff');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(5.2);
  });

  it('lightens on a dark ground, and serves white text on a fill', () => {
    const onDark = readableShade('#1677ff', '#101010');
    expect(contrastRatio(onDark, '#101010')).toBeGreaterThanOrEqual(4.5);
    // A button fill under white text: the ground is the text colour.
    const fill = readableShade('#f96007', '#ffffff');
    expect(contrastRatio('#ffffff', fill)).toBeGreaterThanOrEqual(4.5);
  });
});
