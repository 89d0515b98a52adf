import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { NOTO_SANS_CJK, type CjkFonts } from './cjk-font.ts';
import { useCachedCjkLayout } from './cached-cjk-layout.ts';
import { demoReportSpecs } from './demo-report-specs.ts';
import { generateReportPdf } from './generate-report-pdf.ts';
import { composeReport } from './report-content.ts';

// Half the default library: every section topic and industry occurs; the whole set takes twice as long.
const specs = demoReportSpecs({ now: new Date('2026-11-22T00:00:00Z'), count: 30 });

function face({ path, postscriptName }: { path: string; postscriptName: string }, cached: boolean) {
  const bytes = readFileSync(path);
  const font = fontkit.create(bytes, postscriptName) as fontkit.Font;
  if (cached) {
    useCachedCjkLayout(font);
  }
  return { bytes, postscriptName, font };
}

/** Every string a demo report lays out, and the clauses pdfkit's line breaking cuts them into. */
function reportStrings(): string[] {
  const strings = new Set<string>();
  for (const spec of specs) {
    const c = composeReport(spec);
    const all = [c.title, c.subtitle, c.publisher, c.dateText, c.keywordsLine, c.disclaimer, ...c.summary];
    for (const section of c.sections) {
      all.push(section.heading, ...section.paragraphs);
      if (section.chart) {
        all.push(section.chart.title, section.chart.source, ...section.chart.bars.map((bar) => bar.label));
      }
      if (section.table) {
        all.push(section.table.title, ...section.table.columns, ...section.table.rows.flat());
      }
    }
    for (const text of all) {
      strings.add(text);
      for (const clause of text.split(/(?<=[，。、；：])/u)) {
        strings.add(clause);
      }
    }
  }
  return [...strings];
}

const glyphRun = (run: fontkit.GlyphRun) => ({
  glyphs: run.glyphs.map((glyph) => glyph.id),
  positions: run.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  advanceWidth: run.advanceWidth,
});

describe('cached CJK layout', () => {
  const plain = face(NOTO_SANS_CJK.regular, false).font;
  const cached = face(NOTO_SANS_CJK.regular, true).font;

  it('shapes every string of 30 demo reports as fontkit does', () => {
    const strings = reportStrings();
    expect(strings.length).toBeGreaterThan(1000);
    const differ = strings.filter(
      (text) =>
        JSON.stringify(glyphRun(cached.layout(text))) !== JSON.stringify(glyphRun(plain.layout(text))),
    );
    expect(differ).toEqual([]);
  });

  it('shapes in the script of the whole string, as fontkit does (digits after a Latin word)', () => {
    for (const text of [
      'N型电池占比已超过20.9%。',
      'TikTok Shop在2026年增长',
      '2026年AI手机',
      '——“新质生产力”……',
    ]) {
      expect(glyphRun(cached.layout(text)), text).toEqual(glyphRun(plain.layout(text)));
    }
  });

  it('leaves a call with explicit features to fontkit, and hands out fresh positions', () => {
    expect(glyphRun(cached.layout('新能源汽车', ['vert']))).toEqual(
      glyphRun(plain.layout('新能源汽车', ['vert'])),
    );
    const first = cached.layout('新能源汽车');
    first.positions[0]!.xAdvance = 0; // pdfkit scales positions in place
    expect(glyphRun(cached.layout('新能源汽车'))).toEqual(glyphRun(plain.layout('新能源汽车')));
  });

  it('leaves the demo report PDFs byte for byte as they were', async () => {
    const fonts = (cachedLayout: boolean): CjkFonts => ({
      regular: face(NOTO_SANS_CJK.regular, cachedLayout),
      bold: face(NOTO_SANS_CJK.bold, cachedLayout),
    });
    const [withCache, without] = [fonts(true), fonts(false)];
    for (const spec of specs.slice(0, 3)) {
      const [a, b] = [await generateReportPdf(spec, withCache), await generateReportPdf(spec, without)];
      expect(a.equals(b), spec.slug).toBe(true);
    }
  });
});
