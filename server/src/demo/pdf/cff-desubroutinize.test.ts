import { describe, expect, it } from 'vitest';
import { CannotDesubroutinize, desubroutinize, subrBias, type SubrIndex } from './cff-desubroutinize.ts';

// Type 2 charstring bytes: a small integer n is the byte n + 139.
const n = (value: number) => value + 139;
const [RLINETO, CALLSUBR, RETURN, ENDCHAR, HSTEM, HINTMASK, CALLGSUBR] = [5, 10, 11, 14, 1, 19, 29];

/** A subroutine list of `count` entries, `bodies` at the given indexes and `return` elsewhere. */
function subrs(count: number, bodies: Record<number, number[]> = {}): SubrIndex {
  return {
    count,
    get: (index) => (index >= 0 && index < count ? Uint8Array.from(bodies[index] ?? [RETURN]) : undefined),
  };
}

const flat = (code: number[], local: SubrIndex, global = subrs(0)) =>
  Array.from(desubroutinize(Uint8Array.from(code), local, global));

describe('desubroutinize', () => {
  it('uses the bias of the spec for each subroutine count', () => {
    expect([subrBias(10), subrBias(1239), subrBias(1240), subrBias(33899), subrBias(33900)]).toEqual([
      107, 107, 1131, 1131, 32768,
    ]);
  });

  it('replaces a call and its subroutine number with the body, without its return', () => {
    // Subroutine 2 (operand 2 - 107 = -105) draws a line; the glyph calls it, then ends.
    const local = subrs(5, { 2: [n(10), n(20), RLINETO, RETURN] });
    expect(flat([n(1), n(2), RLINETO, n(-105), CALLSUBR, ENDCHAR], local)).toEqual([
      n(1),
      n(2),
      RLINETO,
      n(10),
      n(20),
      RLINETO,
      ENDCHAR,
    ]);
  });

  it('follows nested local and global calls and stops at an endchar inside a subroutine', () => {
    const global = subrs(3, { 0: [n(7), n(8), RLINETO, ENDCHAR] });
    const local = subrs(4, { 1: [n(5), n(6), RLINETO, n(-107), CALLGSUBR, RETURN] });
    expect(flat([n(-106), CALLSUBR, n(99), n(99), RLINETO], local, global)).toEqual([
      n(5),
      n(6),
      RLINETO,
      n(7),
      n(8),
      RLINETO,
      ENDCHAR,
    ]);
  });

  it('keeps operands a subroutine consumes from its caller', () => {
    const local = subrs(2, { 0: [RLINETO, RETURN] });
    expect(flat([n(3), n(4), n(-107), CALLSUBR, ENDCHAR], local)).toEqual([n(3), n(4), RLINETO, ENDCHAR]);
  });

  it('copies as many hint mask bytes as there are stems, counted across subroutines', () => {
    // Nine stems (one hstem pair in the glyph, eight pairs in the subroutine) need two mask bytes.
    const stems = Array.from({ length: 16 }, (_, i) => n(i + 1));
    const local = subrs(1, { 0: [...stems, HSTEM, RETURN] });
    const code = [n(1), n(2), HSTEM, n(-107), CALLSUBR, HINTMASK, 0xff, 0x80, n(1), n(1), RLINETO, ENDCHAR];
    expect(flat(code, local)).toEqual([
      n(1),
      n(2),
      HSTEM,
      ...stems,
      HSTEM,
      HINTMASK,
      0xff,
      0x80,
      n(1),
      n(1),
      RLINETO,
      ENDCHAR,
    ]);
  });

  it('reads two-byte and three-byte subroutine numbers', () => {
    const local = subrs(2000, { 1500: [n(1), n(1), RLINETO, RETURN] });
    // 1500 - 1131 = 369 = (248 - 247) * 256 + 5 + 108
    expect(flat([248, 5, CALLSUBR, ENDCHAR], local)).toEqual([n(1), n(1), RLINETO, ENDCHAR]);
    // As a shortint: 28, 0x01, 0x71 = 369
    expect(flat([28, 0x01, 0x71, CALLSUBR, ENDCHAR], local)).toEqual([n(1), n(1), RLINETO, ENDCHAR]);
  });

  it('refuses what it cannot follow, so the caller keeps the font’s own subset', () => {
    expect(() => flat([n(50), CALLSUBR, ENDCHAR], subrs(3))).toThrow(CannotDesubroutinize);
    // 12 10 is `add`: an arithmetic result could be a subroutine number.
    expect(() => flat([n(1), n(2), 12, 10, CALLSUBR], subrs(3))).toThrow(CannotDesubroutinize);
  });
});
