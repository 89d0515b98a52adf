import { DEMO_INDUSTRIES, DEMO_PUBLISHERS, industryNamed, type DemoPublisher } from './industries.ts';
import { createRandom, seedFrom, type Random } from './prng.ts';
import { shanghaiDateText, shanghaiYear } from './shanghai-date.ts';

export type ReportSourceType = '行业研究' | '公司研究' | '专题报告' | '年度报告';

/** Everything needed to generate one demo report PDF and its database row. */
export type DemoReportSpec = {
  /** Stable id, e.g. `demo-report-007`; also seeds the report's text. */
  slug: string;
  seed: number;
  title: string;
  industry: string;
  sourceType: ReportSourceType;
  publisher: string;
  publishedAt: Date;
  keywords: string[];
  /**
   * 5–8 (composeReport takes 4–12); the generated PDF has exactly this many pages. Fewer than
   * the 4–12 of before: every page is laid out and then read back by the ingest on first start.
   */
  pageCount: number;
};

const THEMES = [
  '穿越周期，龙头价值凸显',
  '结构性机会正在显现',
  '从规模扩张走向价值增长',
  '出海打开第二增长曲线',
  '技术迭代驱动新一轮成长',
  '下沉市场的增量空间',
  '存量竞争下的突围路径',
  '数字化转型进入深水区',
  '供需格局重塑，盈利拐点将至',
  '新渠道、新人群与新产品',
];

const DAY_MS = 86_400_000;

/**
 * `count` report specs, the same for the same `now` on every machine. Publishers take turns,
 * so every demo organisation has reports; publish dates spread over the 12 months before
 * `now` (newest first), at office hours in Asia/Shanghai.
 */
export function demoReportSpecs({ now, count = 60 }: { now: Date; count?: number }): DemoReportSpec[] {
  const random = createRandom(seedFrom('demo-report-specs'));
  const titles = new Set<string>();
  const specs: DemoReportSpec[] = [];
  let researchTurn = 0;
  for (let i = 0; i < count; i++) {
    const slug = `demo-report-${String(i + 1).padStart(3, '0')}`;
    const publisher = DEMO_PUBLISHERS[i % DEMO_PUBLISHERS.length] as DemoPublisher;
    const industry =
      publisher.industry !== undefined
        ? industryNamed(publisher.industry)
        : (DEMO_INDUSTRIES[researchTurn++ % DEMO_INDUSTRIES.length] as (typeof DEMO_INDUSTRIES)[number]);
    let sourceType: ReportSourceType =
      publisher.kind === 'company'
        ? random.pick(['公司研究', '年度报告'] as const)
        : random.pick(['行业研究', '行业研究', '专题报告', '公司研究', '年度报告'] as const);
    const publishedAt = publishDate(now, i, count, random);
    const company = publisher.kind === 'company' ? publisher.name : random.pick(industry.companies);
    const year = shanghaiYear(publishedAt);
    const parts = { industry: industry.name, company, publisher, year };
    // A title no other demo report has: one of the unused wordings, else a dated tracker.
    // A company that has used up its annual-report titles writes about its business instead.
    const fallback: ReportSourceType = sourceType === '年度报告' ? '公司研究' : '年度报告';
    let unused = titlesFor(sourceType, parts, industry.keywords).filter((t) => !titles.has(t));
    if (unused.length === 0 && publisher.kind === 'company') {
      unused = titlesFor(fallback, parts, industry.keywords).filter((t) => !titles.has(t));
      sourceType = unused.length > 0 ? fallback : sourceType;
    }
    let title =
      unused.length > 0
        ? random.pick(unused)
        : `${industry.name}行业跟踪（${shanghaiDateText(publishedAt)}）`;
    if (titles.has(title)) {
      title = `${title}·${publisher.name}`;
    }
    titles.add(title);
    const keywords = [industry.name, ...random.sample(industry.keywords, random.int(2, 4)), company].filter(
      (keyword, index, all) => all.indexOf(keyword) === index,
    );
    specs.push({
      slug,
      seed: seedFrom(slug),
      title,
      industry: industry.name,
      sourceType,
      publisher: publisher.name,
      publishedAt,
      keywords,
      pageCount: random.int(5, 8),
    });
  }
  return specs;
}

/**
 * When report i of count comes out: the first three within the last two days (so the newest
 * items on the home page include reports, among the day's headlines), the rest spread over the
 * 12 months before `now`, newest first, at office hours in Asia/Shanghai.
 */
function publishDate(now: Date, i: number, count: number, random: Random): Date {
  if (i < RECENT_HOURS.length) {
    const [from, to] = RECENT_HOURS[i] as [number, number];
    return new Date(now.getTime() - random.int(from * 60, to * 60) * 60_000);
  }
  const daysAgo = Math.min(364, Math.max(3, Math.floor(((i + 0.5) * 365) / count) + random.int(-2, 2)));
  // 09:00–18:00 in Shanghai is 01:00–10:00 UTC.
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
  return new Date(dayStart + random.int(1, 9) * 3_600_000 + random.int(0, 59) * 60_000);
}

/** How many hours before now the newest demo reports come out. */
const RECENT_HOURS: readonly [number, number][] = [
  [1, 3],
  [6, 12],
  [26, 40],
];

type TitleParts = {
  industry: string;
  company: string;
  publisher: DemoPublisher;
  year: number;
};

/** Every way a report of this kind could be titled; the caller takes one no other report has. */
function titlesFor(sourceType: ReportSourceType, parts: TitleParts, keywords: readonly string[]): string[] {
  const { industry, company, publisher, year } = parts;
  switch (sourceType) {
    case '行业研究':
      return [
        `${year}年中国${industry}行业研究报告`,
        ...THEMES.flatMap((theme) => [`${industry}行业深度报告：${theme}`, `${industry}行业跟踪：${theme}`]),
      ];
    case '专题报告':
      return keywords.flatMap((keyword) =>
        THEMES.flatMap((theme) => [`${keyword}专题研究：${theme}`, `${keyword}洞察：${theme}`]),
      );
    case '公司研究':
      return publisher.kind === 'company'
        ? [
            ...keywords.map((keyword) => `${company}${keyword}发展白皮书`),
            ...THEMES.map((theme) => `${company}业务展望：${theme}`),
          ]
        : THEMES.map((theme) => `${company}深度研究：${theme}`);
    case '年度报告':
      return publisher.kind === 'company'
        ? [`${company}${year - 1}年度可持续发展报告`, `${company}${year - 1}年度品牌报告`]
        : [`${year - 1}年${industry}年度洞察报告`, `${year - 1}年${industry}行业回顾与展望`];
  }
}
