import { describe, expect, it } from 'vitest';
import { requestedPage } from './highlights.ts';

describe('requestedPage', () => {
  it('opens the page a link names, the last one when it names a page beyond it', () => {
    expect(requestedPage('3', 10)).toBe(3);
    expect(requestedPage('99', 10)).toBe(10);
    expect(requestedPage('0', 10)).toBe(1);
  });

  it('ignores a missing or malformed page', () => {
    for (const raw of [null, undefined, '', 'abc', '-2', '1e3', '3.5']) {
      expect(requestedPage(raw, 10)).toBeNull();
    }
  });
});
