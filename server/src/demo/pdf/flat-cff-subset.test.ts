import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sharedPdfWorker } from '../../ingest/pdf-worker-runner.ts';
import { loadCjkFonts, NOTO_SANS_CJK, type CjkFonts } from './cjk-font.ts';
import { demoReportSpecs } from './demo-report-specs.ts';
import { generateReportPdf } from './generate-report-pdf.ts';

/** The faces as fontkit gives them: its own subsets and layout. */
function plainFonts(): CjkFonts {
  const face = ({ path, postscriptName }: { path: string; postscriptName: string }) => {
    const bytes = readFileSync(path);
    return { bytes, postscriptName, font: fontkit.create(bytes, postscriptName) as fontkit.Font };
  };
  return { regular: face(NOTO_SANS_CJK.regular), bold: face(NOTO_SANS_CJK.bold) };
}

async function pageTexts(pdf: Buffer): Promise<string[]> {
  const texts: string[] = [];
  const options = { coverWidth: 300, pageImageWidth: 600, eagerPageImages: 0, maxPages: 20 };
  await sharedPdfWorker().process(pdf, options, async (page) => {
    texts.push(page.text);
  });
  return texts;
}

describe('flat CFF subsets (subroutines inlined)', () => {
  it('draw every page exactly as fontkit’s own subsets do, in well under half the bytes', async () => {
    const spec = demoReportSpecs({ now: new Date('2026-11-22T00:00:00Z'), count: 3 })[2]!;
    const own = await generateReportPdf(spec, plainFonts());
    const flat = await generateReportPdf(spec, loadCjkFonts());
    expect(flat.equals(own)).toBe(false);
    expect(flat.length).toBeLessThan(own.length / 2);
    // Cover, contents, a body page with a chart or table, the last page: same pixels (drawn in
    // the PDF worker, the one thread of a test process that may load canvas, as in the server).
    const render = (pdf: Buffer, pageNo: number) => sharedPdfWorker().renderPage(pdf, pageNo, 600);
    for (const pageNo of [1, 2, 3, spec.pageCount]) {
      const [a, b] = [await render(own, pageNo), await render(flat, pageNo)];
      expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes)), `page ${pageNo}`).toBe(true);
    }
    expect(await pageTexts(flat)).toEqual(await pageTexts(own));
  });
});
