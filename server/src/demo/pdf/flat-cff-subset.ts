import type * as fontkit from 'fontkit';
import { CannotDesubroutinize, desubroutinize, type SubrIndex } from './cff-desubroutinize.ts';

// fontkit's CFF internals, as far as this file uses them (fontkit types none of them).
type IndexEntry = { offset: number; length: number };
type PrivateDict = { Subrs?: IndexEntry[] | null } | null;
type CffTable = {
  stream: { pos: number; readBuffer: (length: number) => Uint8Array };
  isCIDFont: boolean;
  globalSubrIndex?: IndexEntry[];
  topDict: { Private?: PrivateDict; FDArray?: { Private?: PrivateDict }[] };
  getCharString: (gid: number) => Uint8Array;
  fdForGlyph: (gid: number) => number | null;
};
type CffSubset = {
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  subsetCharstrings: () => void;
  subsetSubrs: (subrs: IndexEntry[], used: Record<number, boolean>) => Uint8Array[] | null;
};

/**
 * Makes the font's subsets (pdfkit asks for one per face per document) write charstrings with
 * their subroutine calls inlined and no subroutines, instead of every subroutine slot of the
 * face (see cff-desubroutinize.ts). The outlines are the same; a demo report's PDF is half the
 * size and both laying it out and reading it back cost less. Each glyph is flattened once per
 * process. A charstring that cannot be flattened leaves that document with fontkit's own subset.
 * Only for CFF faces; other fonts are left as they are.
 */
export function useFlatCffSubsets(font: fontkit.Font): void {
  const cff = (font as unknown as Record<string, unknown>)['CFF '] as CffTable | undefined;
  if (!cff) {
    return;
  }
  const read = (entry: IndexEntry): Uint8Array => {
    cff.stream.pos = entry.offset;
    return cff.stream.readBuffer(entry.length);
  };
  const indexOf = (entries: IndexEntry[] | null | undefined): SubrIndex => ({
    count: entries?.length ?? 0,
    get: (index) => {
      const entry = entries?.[index];
      return entry ? read(entry) : undefined;
    },
  });
  const global = indexOf(cff.globalSubrIndex);
  const localFor = (gid: number): SubrIndex => {
    const fd = cff.isCIDFont ? cff.fdForGlyph(gid) : null;
    return indexOf(fd === null ? cff.topDict.Private?.Subrs : cff.topDict.FDArray?.[fd]?.Private?.Subrs);
  };
  const flattened = new Map<number, Uint8Array>();
  const flat = (gid: number): Uint8Array => {
    let charstring = flattened.get(gid);
    if (!charstring) {
      charstring = desubroutinize(cff.getCharString(gid), localFor(gid), global);
      flattened.set(gid, charstring);
    }
    return charstring;
  };

  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as CffSubset;
    const { subsetCharstrings, subsetSubrs } = subset;
    subset.subsetCharstrings = function flatCharstrings(this: CffSubset) {
      try {
        this.charstrings = this.glyphs.map(flat);
        this.gsubrs = [];
        // Private dicts get no Subrs (null entries are not written).
        this.subsetSubrs = () => null;
      } catch (error) {
        if (!(error instanceof CannotDesubroutinize)) {
          throw error;
        }
        this.subsetSubrs = subsetSubrs;
        subsetCharstrings.call(this);
      }
    };
    return subset as unknown as fontkit.Subset;
  };
}
