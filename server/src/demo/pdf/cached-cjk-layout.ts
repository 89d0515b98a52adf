import type * as fontkit from 'fontkit';

type Glyph = fontkit.Glyph;
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type Run = { glyphs: Glyph[]; positions: Position[] };

/** Han ideographs (CJK Unified Ideographs and Extension A), shaped one by one. */
const IDEOGRAPH = /[\u3400-\u4dbf\u4e00-\u9fff]/u;
/** Splits text into single ideographs and runs of anything else. */
const SEGMENTS = /[\u3400-\u4dbf\u4e00-\u9fff]|[^\u3400-\u4dbf\u4e00-\u9fff]+/gu;
/** Text made only of Han, Latin and common characters (ASCII, CJK and fullwidth punctuation). */
const SUPPORTED =
  /^[\u0020-\u007e\u00a0-\u00ff\u2000-\u206f\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]*$/u;
/** fontkit shapes a whole string in the script of its first character that has one. */
const FIRST_SCRIPT = /(\p{Script=Han})|\p{Script=Latin}/u;
/** Past this many distinct segments the cache starts again (demo reports stay far below). */
const MAX_CACHED = 50_000;

/**
 * Makes `font.layout` (what pdfkit calls for every word it measures and every line it writes)
 * shape each Han ideograph once per process and each run of other characters once per distinct
 * run, and put lines together from those pieces.
 *
 * Why: fontkit shapes every string from scratch, running Noto Sans CJK's GSUB lookups over
 * every glyph, and pdfkit's own cache is per document and keyed by whole lines, which never
 * repeat; that was two thirds of laying out a demo report. With the default features Noto
 * Sans CJK substitutes and positions nothing across an ideograph's boundary, so the pieces give
 * the glyphs and advances the whole string would, provided each piece is shaped in the whole
 * string's script: `cached-cjk-layout.test.ts` compares every string of the demo reports and
 * the PDFs' bytes. Text with other scripts, and calls with features, a script or a direction,
 * are left to fontkit.
 */
export function useCachedCjkLayout(font: fontkit.Font): void {
  const layout = font.layout.bind(font);
  const cache = new Map<string, Run>();
  const shaped = (segment: string, script: string): Run => {
    const key = `${script}:${segment}`;
    let run = cache.get(key);
    if (!run) {
      if (cache.size >= MAX_CACHED) {
        cache.clear();
      }
      const { glyphs, positions } = layout(segment, undefined, script);
      run = { glyphs, positions: positions.map(copyPosition) };
      cache.set(key, run);
    }
    return run;
  };
  font.layout = (text, ...options) => {
    if (options.some((option) => option !== undefined) || !IDEOGRAPH.test(text) || !SUPPORTED.test(text)) {
      return layout(text, ...options);
    }
    // The whole string's script, for every piece: digits after a Latin word take other glyphs.
    const script = FIRST_SCRIPT.exec(text)?.[1] ? 'hani' : 'latn';
    const glyphs: Glyph[] = [];
    const positions: Position[] = [];
    for (const [segment] of text.matchAll(SEGMENTS)) {
      const run = shaped(segment, script);
      glyphs.push(...run.glyphs);
      // Fresh objects: pdfkit scales a run's positions in place.
      positions.push(...run.positions.map(copyPosition));
    }
    return composedRun(glyphs, positions);
  };
}

function copyPosition(position: Position): Position {
  const { xAdvance, yAdvance, xOffset, yOffset } = position;
  return { xAdvance, yAdvance, xOffset, yOffset };
}

/** What pdfkit reads of a fontkit GlyphRun; advanceWidth is read after the positions are scaled. */
function composedRun(glyphs: Glyph[], positions: Position[]) {
  return {
    glyphs,
    positions,
    get advanceWidth() {
      let width = 0;
      for (const position of positions) {
        width += position.xAdvance;
      }
      return width;
    },
  } as unknown as fontkit.GlyphRun;
}
