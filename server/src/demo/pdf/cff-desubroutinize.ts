/**
 * Inlines the subroutine calls of a CFF (Type 2) charstring, so a font subset can be written
 * without subroutines.
 *
 * Why: Noto Sans CJK's CID faces keep ~14,000 and ~28,500 local subroutines in the two
 * font dicts its ideographs use. fontkit's CFF subset keeps every subroutine index (calls are
 * by number) and writes each unused one as a one-byte `return`: ~40,000 entries per face in
 * every demo PDF, which fontkit has to encode and pdf.js has to parse and recompile for every
 * report it reads. A charstring with its calls inlined draws the same outline, so the subset
 * needs no subroutines at all.
 */

/** A subroutine list as a charstring sees it: count for the bias, bytes by index. */
export type SubrIndex = { count: number; get: (index: number) => Uint8Array | undefined };

/** Thrown for charstrings this does not handle; the caller keeps the font's own subset. */
export class CannotDesubroutinize extends Error {}

const CALLSUBR = 10;
const RETURN = 11;
const ENDCHAR = 14;
const ESCAPE = 12;
const SHORTINT = 28;
const CALLGSUBR = 29;
const HINTMASK = 19;
const CNTRMASK = 20;
const STEM_OPS = new Set([1, 3, 18, 23]); // hstem vstem hstemhm vstemhm
/** Escaped operators that are path operators (flex); the others are arithmetic or storage. */
const ESCAPED_PATH_OPS = new Set([34, 35, 36, 37]);
/** Type 2 allows 10 nested calls. */
const MAX_DEPTH = 10;

/** The number a charstring adds to a subroutine operand (Type 2 charstring spec, 4.7). */
export function subrBias(count: number): number {
  return count < 1240 ? 107 : count < 33900 ? 1131 : 32768;
}

type Operand = { value: number; start: number };

type State = { out: number[]; stack: Operand[]; stems: number; depth: number };

/** The charstring with every callsubr/callgsubr replaced by the subroutine it calls. */
export function desubroutinize(charstring: Uint8Array, local: SubrIndex, global: SubrIndex): Uint8Array {
  const state: State = { out: [], stack: [], stems: 0, depth: 0 };
  expand(charstring, state, local, global);
  return Uint8Array.from(state.out);
}

/** Copies `code` into `state.out`; 'end' once endchar was copied, 'return' at a subr's return. */
function expand(code: Uint8Array, state: State, local: SubrIndex, global: SubrIndex): 'end' | 'return' {
  const { out, stack } = state;
  let i = 0;
  while (i < code.length) {
    const op = code[i] as number;
    if (op >= 32 || op === SHORTINT) {
      const length = op === SHORTINT ? 3 : op <= 246 ? 1 : op <= 254 ? 2 : 5;
      stack.push({ value: readNumber(code, i), start: out.length });
      for (let k = 0; k < length; k++) {
        out.push(code[i + k] as number);
      }
      i += length;
      continue;
    }
    if (op === CALLSUBR || op === CALLGSUBR) {
      const operand = stack.pop();
      const subrs = op === CALLSUBR ? local : global;
      const subr = operand && subrs.get(operand.value + subrBias(subrs.count));
      if (!operand || !subr || state.depth >= MAX_DEPTH) {
        throw new CannotDesubroutinize('a subroutine call without its subroutine');
      }
      // The subroutine number is the last thing written: the call replaces it.
      out.length = operand.start;
      state.depth++;
      const ended = expand(subr, state, local, global);
      state.depth--;
      if (ended === 'end') {
        return 'end';
      }
      i += 1;
      continue;
    }
    if (op === RETURN) {
      return 'return';
    }
    if (op === ESCAPE) {
      const op2 = code[i + 1] as number;
      if (!ESCAPED_PATH_OPS.has(op2)) {
        // Arithmetic could compute a subroutine number; not worth following.
        throw new CannotDesubroutinize(`escaped operator 12 ${op2}`);
      }
      out.push(op, op2);
      stack.length = 0;
      i += 2;
      continue;
    }
    out.push(op);
    i += 1;
    if (STEM_OPS.has(op) || op === HINTMASK || op === CNTRMASK) {
      // Operands before a mask are implicit vstems; an odd one out is the glyph's width.
      state.stems += stack.length >> 1;
    }
    if (op === HINTMASK || op === CNTRMASK) {
      const maskBytes = (state.stems + 7) >> 3;
      for (let k = 0; k < maskBytes; k++) {
        out.push(code[i + k] as number);
      }
      i += maskBytes;
    }
    stack.length = 0;
    if (op === ENDCHAR) {
      return 'end';
    }
  }
  return 'return';
}

function readNumber(code: Uint8Array, i: number): number {
  const op = code[i] as number;
  const b1 = code[i + 1] as number;
  if (op === SHORTINT) {
    return ((b1 << 24) | ((code[i + 2] as number) << 16)) >> 16;
  }
  if (op <= 246) {
    return op - 139;
  }
  if (op <= 250) {
    return (op - 247) * 256 + b1 + 108;
  }
  if (op <= 254) {
    return -(op - 251) * 256 - b1 - 108;
  }
  // 16.16 fixed: never a subroutine number.
  return Number.NaN;
}
