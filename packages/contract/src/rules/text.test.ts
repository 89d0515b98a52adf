import { describe, it, expect } from 'vitest';
import { charLength, countedLength, hasControlChar } from './text.ts';

describe('countedLength (Chinese counts 2)', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['中文', 4],
    ['a中', 3],
    ['😀', 1],
    ['a中😀', 4],
    // Punctuation, full-width or not, is not a Chinese character.
    ['，。！', 3],
  ])('%j counts %i', (text, n) => {
    expect(countedLength(text)).toBe(n);
  });
});

describe('charLength (every code point counts 1)', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['中文', 2],
    ['😀😀', 2],
    ['中😀a', 3],
  ])('%j counts %i', (text, n) => {
    expect(charLength(text)).toBe(n);
  });
});

describe('hasControlChar', () => {
  it.each(['', 'abc', '中文', 'line\nbreak', 'tab\there', 'crlf\r\n', '😀', '\u00a0'])(
    'lets %j pass',
    (text) => {
      expect(hasControlChar(text)).toBe(false);
    },
  );

  it.each(['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u000b', '\u000c'])(
    'finds one in %j',
    (text) => {
      expect(hasControlChar(text)).toBe(true);
    },
  );
});
