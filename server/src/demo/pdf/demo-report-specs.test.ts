import { describe, expect, it } from 'vitest';
import { demoReportSpecs } from './demo-report-specs.ts';
import { DEMO_INDUSTRIES, DEMO_PUBLISHERS } from './industries.ts';
import { composeReport } from './report-content.ts';

const now = new Date('2026-11-22T03:00:00Z');
const DAY = 86_400_000;

describe('demoReportSpecs', () => {
  const specs = demoReportSpecs({ now });

  it('gives 60 specs, the same ones for the same now', () => {
    expect(specs).toHaveLength(60);
    expect(demoReportSpecs({ now })).toEqual(specs);
  });

  it('has unique slugs and titles and 4–12 pages each', () => {
    expect(new Set(specs.map((spec) => spec.slug)).size).toBe(60);
    expect(new Set(specs.map((spec) => spec.title)).size).toBe(60);
    for (const spec of specs) {
      expect(spec.pageCount).toBeGreaterThanOrEqual(4);
      expect(spec.pageCount).toBeLessThanOrEqual(12);
      expect(spec.keywords).toContain(spec.industry);
    }
  });

  it('spreads publish dates over the 12 months before now, newest first', () => {
    const ages = specs.map((spec) => (now.getTime() - spec.publishedAt.getTime()) / DAY);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.min(...ages)).toBeLessThan(14);
    expect(Math.max(...ages)).toBeGreaterThan(330);
    expect(Math.max(...ages)).toBeLessThan(366);
    expect([...ages].sort((a, b) => a - b)).toEqual(ages);
  });

  it('links every publisher and covers every industry and source type', () => {
    expect(new Set(specs.map((spec) => spec.publisher))).toEqual(new Set(DEMO_PUBLISHERS.map((p) => p.name)));
    expect(new Set(specs.map((spec) => spec.industry))).toEqual(new Set(DEMO_INDUSTRIES.map((i) => i.name)));
    expect(new Set(specs.map((spec) => spec.sourceType))).toEqual(
      new Set(['行业研究', '公司研究', '专题报告', '年度报告']),
    );
  });

  it('composes one body section per page after the cover and contents, ending with 风险提示', () => {
    for (const spec of specs) {
      const content = composeReport(spec);
      expect(content.sections).toHaveLength(spec.pageCount - 2);
      expect(content.sections.at(-1)?.heading).toMatch(/、风险提示$/);
      const sentences = content.sections.flatMap((section) => section.paragraphs.join('').split('。'));
      const withinSection = content.sections.map((section) =>
        section.paragraphs.join('').split('。').filter(Boolean),
      );
      for (const list of withinSection) {
        expect(new Set(list).size).toBe(list.length);
      }
      expect(sentences.join('')).not.toMatch(/\{\w+\}/); // every slot filled
    }
  });
});
