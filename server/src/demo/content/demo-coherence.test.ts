import { describe, expect, it } from 'vitest';
import { demoReportSpecs } from '../pdf/demo-report-specs.ts';
import { demoAnalyses } from './demo-analyses.ts';
import { demoHeadlines, SHARED_STORIES } from './demo-headlines.ts';
import { demoMaterials, relatedAnalyses } from './demo-materials.ts';
import { DEMO_COMPANIES, DEMO_TOPICS } from './demo-topics.ts';

// The demo library is what a newcomer judges the product by: these check, mechanically, that
// its parts agree with each other (issue 22, "An honest demo library").
const now = new Date('2026-11-22T03:00:00Z');
const headlines = demoHeadlines(now);
const text = (html: string) => html.replace(/<[^>]+>/g, '');
const COMPANIES = [
  ...new Set([
    ...Object.keys(DEMO_COMPANIES),
    ...DEMO_TOPICS.flatMap((t) => [...t.companies, ...(t.peers ?? [])]),
  ]),
];
const named = (s: string) => COMPANIES.filter((co) => s.includes(co));

describe('demo headlines', () => {
  it('are 300 with distinct titles and every slot filled', () => {
    expect(headlines).toHaveLength(300);
    expect(new Set(headlines.map((h) => h.title)).size).toBe(300);
    for (const h of headlines) {
      expect(`${h.title}${h.content}`).not.toMatch(/[{}]/);
    }
  });

  it('have bodies about the company and figures their titles name', () => {
    for (const h of headlines) {
      const body = text(h.content);
      expect(body.startsWith(h.description)).toBe(true);
      for (const co of named(h.title)) {
        expect(body, h.title).toContain(co);
      }
      for (const figure of h.title.match(/\d+(?:%|亿元|家)?/g) ?? []) {
        expect(body, h.title).toContain(figure);
      }
    }
  });

  it('repeat a story only on purpose: a few shared by 2–3 outlets with reworded titles', () => {
    const stories = new Map<string, typeof headlines>();
    for (const h of headlines) {
      stories.set(h.description, [...(stories.get(h.description) ?? []), h]);
    }
    const shared = [...stories.values()].filter((group) => group.length > 1);
    expect(shared).toHaveLength(SHARED_STORIES);
    for (const group of shared) {
      expect(group.length).toBeLessThanOrEqual(3);
      expect(new Set(group.map((h) => h.source_name)).size).toBe(group.length);
      const times = group.map((h) => h.published_at);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(24 * 3_600_000);
    }
  });
});

describe('demo reports', () => {
  for (const count of [60, 12, 4]) {
    it(`have distinct titles without numbered suffixes (${count})`, () => {
      const specs = demoReportSpecs({ now, count });
      expect(new Set(specs.map((s) => s.title)).size).toBe(count);
      for (const spec of specs) {
        expect(spec.title).not.toMatch(/（\d+）$/);
      }
    });
  }

  it('are written by companies about themselves', () => {
    for (const spec of demoReportSpecs({ now })) {
      const companyPublisher = Object.hasOwn(DEMO_COMPANIES, spec.publisher);
      if (companyPublisher && spec.sourceType !== '行业研究') {
        expect(spec.title).toContain(spec.publisher);
      }
    }
  });
});

describe('demo insight topics and materials', () => {
  const reports = demoReportSpecs({ now }).map((s) => ({
    title: s.title,
    url: `/files/${s.slug}.pdf`,
    industry: s.industry,
  }));
  const analyses = demoAnalyses(now, reports);
  const industryOf = new Map(reports.map((r) => [r.url, r.industry]));

  it('have distinct titles naming only companies of their topic', () => {
    expect(new Set(analyses.map((a) => a.title)).size).toBe(analyses.length);
    for (const a of analyses) {
      expect(a.title).not.toMatch(/（/);
      for (const co of named(a.title)) {
        expect([...a.topic.companies, ...(a.topic.peers ?? [])], a.title).toContain(co);
      }
    }
  });

  it('list an open topic first for every viewer, newest first (the restricted one is never it)', () => {
    const newest = new Map<string, (typeof analyses)[number]>();
    for (const a of [...analyses].sort((x, y) => y.published_at - x.published_at)) {
      if (!newest.has(a.anal_data_ext)) {
        newest.set(a.anal_data_ext, a);
      }
    }
    expect(newest.size).toBe(7);
    expect([...newest.values()].every((a) => a.restricted === 0)).toBe(true);
    expect(analyses.filter((a) => a.restricted === 1)).toHaveLength(1);
  });

  it('show and cite reports of their own industry', () => {
    for (const a of analyses) {
      for (const quote of a.quote_data_info) {
        expect(industryOf.get(String(quote.url)), a.title).toBe(a.topic.industry);
      }
      if (a.anal_data_ext === 'pdf') {
        expect(industryOf.get(String(a.anal_data_info.url)), a.title).toBe(a.topic.industry);
      }
    }
  });

  it('link every material to insight about its brand or its market', () => {
    const materials = demoMaterials(now);
    expect(new Set(materials.map((m) => m.title)).size).toBe(materials.length);
    for (const m of materials) {
      expect(m.title).not.toMatch(/（\d+）/);
      const related = relatedAnalyses(m, analyses);
      expect(related.length, m.title).toBeGreaterThan(0);
      for (const a of related) {
        const sameBrand = a.topic.companies.includes(m.parent_brand);
        expect(sameBrand || a.topic.name === m.topic, `${m.title} → ${a.title}`).toBe(true);
      }
    }
  });
});

describe('the newest items (home 全部)', () => {
  for (const count of [60, 12, 4]) {
    it(`hold reports among the first eight with ${count} demo reports`, () => {
      const items = [
        ...headlines.map((h) => ({ type: 'headline', at: h.published_at })),
        ...demoReportSpecs({ now, count }).map((s) => ({ type: 'report', at: s.publishedAt.getTime() })),
        ...demoAnalyses(now, []).map((a) => ({ type: 'analysis', at: a.published_at })),
        ...demoMaterials(now).map((m) => ({ type: 'material', at: m.published_at })),
      ].sort((a, b) => b.at - a.at);
      expect(items.slice(0, 8).filter((item) => item.type === 'report').length).toBeGreaterThanOrEqual(2);
      expect(items.every((item) => item.at < now.getTime())).toBe(true);
    });
  }
});
