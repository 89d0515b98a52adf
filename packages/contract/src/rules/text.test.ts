import { describe, it, expect } from 'vitest';
import { charLength, countedLength } from './text.ts';

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
