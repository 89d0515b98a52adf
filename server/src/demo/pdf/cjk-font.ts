import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { useCachedCjkLayout } from './cached-cjk-layout.ts';
import { useFlatCffSubsets } from './flat-cff-subset.ts';

/**
 * Debian's fonts-noto-cjk. The files are TrueType collections, so pdfkit needs the
 * PostScript name of the face inside; the Simplified Chinese one is `…sc…`.
 */
export const NOTO_SANS_CJK = {
  regular: {
    path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    postscriptName: 'NotoSansCJKsc-Regular',
  },
  bold: { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', postscriptName: 'NotoSansCJKsc-Bold' },
} as const;

export type CjkFontFace = {
  bytes: Buffer;
  postscriptName: string;
  /**
   * The face parsed once per process, for pdfkit's registerFont: given bytes, pdfkit parses the
   * font again for every document, and with its parsed tables and layout lookups kept, a demo
   * report is made in half the time (same bytes out; `measure-demo-pdfs.ts`).
   */
  font: fontkit.Font;
};
export type CjkFonts = { regular: CjkFontFace; bold: CjkFontFace };

let cached: CjkFonts | undefined;

/**
 * The two faces, read once per process: pdfkit would otherwise read ~40 MB of font files for
 * every report. pdfkit embeds only the glyphs a report uses, so PDFs stay small.
 */
export function loadCjkFonts(): CjkFonts {
  if (cached) {
    return cached;
  }
  const read = (face: { path: string; postscriptName: string }): CjkFontFace => {
    try {
      const bytes = readFileSync(face.path);
      const font = fontkit.create(bytes, face.postscriptName);
      if (!('layout' in font)) {
        throw new Error(`${face.postscriptName} is not a face of ${face.path}`);
      }
      useFlatCffSubsets(font);
      useCachedCjkLayout(font);
      return { bytes, postscriptName: face.postscriptName, font };
    } catch (error) {
      throw new Error(
        `Chinese font not found at ${face.path}: the demo report PDFs need Noto Sans CJK ` +
          `(Debian/Ubuntu: apt-get install fonts-noto-cjk)`,
        { cause: error },
      );
    }
  };
  cached = { regular: read(NOTO_SANS_CJK.regular), bold: read(NOTO_SANS_CJK.bold) };
  return cached;
}
