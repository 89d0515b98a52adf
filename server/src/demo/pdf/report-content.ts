import type { DemoReportSpec } from './demo-report-specs.ts';
import { industryNamed } from './industries.ts';
import {
  BODY_TOPICS,
  SECTION_HEADINGS,
  sentences,
  type PhraseContext,
  type SectionTopic,
} from './phrase-bank.ts';
import { createRandom, type Random } from './prng.ts';
import { shanghaiDateText, shanghaiYear } from './shanghai-date.ts';

export type BarChart = {
  title: string;
  unit: string;
  bars: { label: string; value: number }[];
  source: string;
};
export type DataTable = { title: string; columns: string[]; rows: string[][] };

export type ReportSection = {
  /** e.g. `三、竞争格局分析` */
  heading: string;
  paragraphs: string[];
  chart?: BarChart;
  table?: DataTable;
};

/** A report's words and numbers, before layout: what the PDF shows and the tests look for. */
export type ReportContent = {
  title: string;
  subtitle: string;
  publisher: string;
  dateText: string;
  keywordsLine: string;
  summary: string[];
  /** One per body page, in page order (page 3 onwards); the last is 风险提示. */
  sections: ReportSection[];
  disclaimer: string;
};

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export const DEMO_DISCLAIMER =
  '本报告为洞察门户演示数据，文字与数据均由程序生成，不代表任何机构观点，不构成投资建议。';

/** Pure and deterministic: the same spec always gives the same content. */
export function composeReport(spec: DemoReportSpec): ReportContent {
  if (!Number.isInteger(spec.pageCount) || spec.pageCount < 4 || spec.pageCount > 12) {
    throw new Error(`pageCount must be 4–12, got ${spec.pageCount}`);
  }
  const random = createRandom(spec.seed);
  const industry = industryNamed(spec.industry);
  const year = shanghaiYear(spec.publishedAt);
  const ctx: PhraseContext = {
    industry: industry.name,
    measure: industry.measure,
    // Company names in the keyword list would read badly in “{kw}的快速普及…”.
    keywords: spec.keywords.filter((keyword) => industry.keywords.includes(keyword)),
    companies: industry.companies,
    segments: industry.segments,
    year,
    publisher: spec.publisher,
  };
  // Cover and contents take two pages; each body section fills one page.
  const bodyCount = spec.pageCount - 3;
  const chosen = random
    .sample(BODY_TOPICS, bodyCount)
    .sort((a, b) => BODY_TOPICS.indexOf(a) - BODY_TOPICS.indexOf(b));
  const topics: SectionTopic[] = [...chosen, 'risks'];
  const sections = topics.map((topic, index) => section(topic, index, ctx, random));
  return {
    title: spec.title,
    subtitle: `${spec.sourceType} · ${spec.industry}`,
    publisher: spec.publisher,
    dateText: shanghaiDateText(spec.publishedAt),
    keywordsLine: `关键词：${spec.keywords.join('、')}`,
    summary: [
      ...sentences('overview', 1, ctx, random),
      ...sentences('market', 1, ctx, random),
      ...sentences('outlook', 1, ctx, random),
    ],
    sections,
    disclaimer: DEMO_DISCLAIMER,
  };
}

function section(topic: SectionTopic, index: number, ctx: PhraseContext, random: Random): ReportSection {
  const heading = `${NUMERALS[index]}、${SECTION_HEADINGS[topic]}`;
  if (topic === 'risks') {
    return { heading, paragraphs: sentences('risks', 4, ctx, random).map((risk, i) => `${i + 1}. ${risk}`) };
  }
  // Drawn at once so no sentence repeats within a section, then cut into paragraphs.
  const pool = sentences(topic, random.int(5, 8), ctx, random);
  const paragraphCount = pool.length >= 7 ? 3 : 2;
  const paragraphs = Array.from({ length: paragraphCount }, (_, i) =>
    pool
      .slice(
        Math.floor((i * pool.length) / paragraphCount),
        Math.floor(((i + 1) * pool.length) / paragraphCount),
      )
      .join(''),
  );
  const result: ReportSection = { heading, paragraphs };
  if (topic === 'market') {
    result.chart = marketChart(ctx, random);
  } else if (topic === 'competition') {
    result.table = shareTable(ctx, random);
  } else if (topic === 'companies') {
    result.table = companyTable(ctx, random);
  } else if (random.next() < 0.5) {
    result.chart = segmentChart(ctx, random);
  }
  return result;
}

function marketChart(ctx: PhraseContext, random: Random): BarChart {
  let value = random.int(800, 3000);
  const bars = [];
  for (let year = ctx.year - 4; year <= ctx.year; year++) {
    bars.push({ label: `${year}年`, value });
    value = Math.round(value * (1 + random.int(5, 35) / 100));
  }
  return {
    title: `图1：${ctx.year - 4}—${ctx.year}年中国${ctx.industry}${ctx.measure}`,
    unit: '亿元',
    bars,
    source: `数据来源：${ctx.publisher}整理`,
  };
}

function segmentChart(ctx: PhraseContext, random: Random): BarChart {
  const bars = ctx.segments.map((label) => ({ label, value: random.int(5, 45) }));
  return {
    title: `图：${ctx.year}年${ctx.industry}细分领域增速`,
    unit: '%',
    bars,
    source: `数据来源：${ctx.publisher}调研`,
  };
}

function shareTable(ctx: PhraseContext, random: Random): DataTable {
  const shares = ctx.companies.map(() => random.int(40, 300) / 10).sort((a, b) => b - a);
  return {
    title: `表：${ctx.year}年${ctx.industry}主要企业市场份额`,
    columns: ['排名', '企业', '市场份额', '同比变化'],
    rows: ctx.companies.map((company, i) => [
      String(i + 1),
      company,
      `${(shares[i] ?? 0).toFixed(1)}%`,
      `${random.next() < 0.7 ? '+' : '-'}${(random.int(1, 40) / 10).toFixed(1)}pct`,
    ]),
  };
}

function companyTable(ctx: PhraseContext, random: Random): DataTable {
  return {
    title: `表：${ctx.industry}重点企业经营数据（${ctx.year}年）`,
    columns: ['企业', '营业收入（亿元）', '同比增长', '毛利率'],
    rows: ctx.companies.map((company) => [
      company,
      String(random.int(50, 4000)),
      `${(random.int(-50, 450) / 10).toFixed(1)}%`,
      `${(random.int(150, 650) / 10).toFixed(1)}%`,
    ]),
  };
}
