import { describe, expect, it } from 'vitest';
import { maskPhone } from './patterns.ts';

describe('maskPhone', () => {
  it('keeps the first three and last four digits of a phone', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
  });

  it('hides a value too short to keep both ends whole, never showing it', () => {
    expect(maskPhone('123456')).toBe('****');
    expect(maskPhone('')).toBe('****');
  });
});
