import { describe, expect, it } from 'vitest';
import { openPdf } from '../../ingest/pdf-document.ts';
import { demoReportSpecs } from './demo-report-specs.ts';
import { generateReportPdf } from './generate-report-pdf.ts';

const specs = demoReportSpecs({ now: new Date('2026-11-22T00:00:00Z'), count: 8 });

async function pageCount(pdf: Buffer): Promise<number> {
  const document = await openPdf(pdf);
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

describe('generateReportPdf', () => {
  it('is deterministic: the same spec gives the same bytes', async () => {
    const spec = specs[0]!;
    const [a, b] = [
      await generateReportPdf(spec),
      await generateReportPdf({ ...spec, keywords: [...spec.keywords] }),
    ];
    expect(a.equals(b)).toBe(true);
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await generateReportPdf({
      ...spec,
      publishedAt: new Date(spec.publishedAt.getTime() + 86_400_000),
    });
    expect(other.equals(a)).toBe(false);
  });

  it('lays out exactly the pages the spec asks for, from 4 to 12', async () => {
    for (const pages of [4, 12]) {
      const spec = { ...specs[1]!, pageCount: pages };
      expect(await pageCount(await generateReportPdf(spec))).toBe(pages);
    }
  });

  it('embeds the CJK font subset (no reliance on the reader’s fonts)', async () => {
    const pdf = (await generateReportPdf(specs[2]!)).toString('latin1');
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    expect(pdf).toMatch(/\/FontFile3 /);
  });
});
