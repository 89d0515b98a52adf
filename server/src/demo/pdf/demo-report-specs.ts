import { DEMO_INDUSTRIES, DEMO_PUBLISHERS, industryNamed, type DemoPublisher } from './industries.ts';
import { createRandom, seedFrom, type Random } from './prng.ts';
import { shanghaiYear } from './shanghai-date.ts';

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
  /** 4–12; the generated PDF has exactly this many pages. */
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
    const sourceType: ReportSourceType =
      publisher.kind === 'company'
        ? random.pick(['公司研究', '年度报告'] as const)
        : random.pick(['行业研究', '行业研究', '专题报告', '公司研究', '年度报告'] as const);
    const daysAgo = Math.min(364, Math.max(1, Math.floor(((i + 0.5) * 365) / count) + random.int(-2, 2)));
    // 09:00–18:00 in Shanghai is 01:00–10:00 UTC.
    const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
    const publishedAt = new Date(dayStart + random.int(1, 9) * 3_600_000 + random.int(0, 59) * 60_000);
    const company = publisher.kind === 'company' ? publisher.name : random.pick(industry.companies);
    const year = shanghaiYear(publishedAt);
    let title = '';
    for (let attempt = 0; attempt < 20 && (title === '' || titles.has(title)); attempt++) {
      title = titleFor(
        sourceType,
        { industry: industry.name, keyword: random.pick(industry.keywords), company, publisher, year },
        random,
      );
    }
    if (titles.has(title)) {
      title = `${title}（${slug.slice(-3)}）`;
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
      pageCount: random.int(4, 12),
    });
  }
  return specs;
}

type TitleParts = {
  industry: string;
  keyword: string;
  company: string;
  publisher: DemoPublisher;
  year: number;
};

function titleFor(sourceType: ReportSourceType, parts: TitleParts, random: Random): string {
  const theme = random.pick(THEMES);
  const { industry, keyword, company, publisher, year } = parts;
  switch (sourceType) {
    case '行业研究':
      return random.pick([
        `${year}年中国${industry}行业研究报告`,
        `${industry}行业深度报告：${theme}`,
        `${industry}行业跟踪：${theme}`,
      ]);
    case '专题报告':
      return random.pick([`${keyword}专题研究：${theme}`, `${keyword}洞察：${theme}`]);
    case '公司研究':
      return publisher.kind === 'company'
        ? random.pick([`${company}${keyword}发展白皮书`, `${company}投资者关系报告：${theme}`])
        : `${company}深度研究：${theme}`;
    case '年度报告':
      return publisher.kind === 'company'
        ? random.pick([`${company}${year - 1}年度可持续发展报告`, `${company}${year - 1}年度品牌报告`])
        : `${year - 1}年${industry}年度洞察报告`;
  }
}
