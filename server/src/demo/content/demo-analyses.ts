import {
  ANAL_DATA_EXTS,
  ANAL_TYPES,
  type AnalDataExt,
  type AnalType,
} from '../../modules/content/content-types.ts';
import { createRandom, seedFrom } from '../pdf/prng.ts';
import { DEMO_TOPICS, type DemoTopic } from './demo-topics.ts';

export type DemoAnalysis = {
  title: string;
  target: string;
  creator: string;
  description: string;
  anal_type: AnalType;
  anal_data_ext: AnalDataExt;
  anal_data_info: Record<string, unknown>;
  /** 1: only admins and granted users may view it (the demo has one, to show 暂无查看权限). */
  restricted: number;
  published_at: number;
};

/** The demo's one restricted topic (a dashboard): demo users get 暂无查看权限, admins see it. */
export const RESTRICTED_DEMO_ANALYSIS = 7;

const TITLES: Readonly<Record<AnalType, string>> = {
  industry: '{t}行业全景研究',
  brand: '{co}品牌健康度追踪',
  competitor: '{co}与{co2}竞品对比分析',
  persona: '{t}消费人群画像',
  marketing: '{t}营销投放效果复盘',
  retail: '{co}渠道零售监测',
  sentiment: '{co}舆情监测周报',
  dashboard: '{t}核心指标数据看板',
};
const TARGETS: Readonly<Record<AnalType, string>> = {
  industry: '把握{t}市场规模、增速与竞争格局',
  brand: '追踪{co}的品牌声量、口碑与心智份额',
  competitor: '对比{co}与{co2}的产品、价格与渠道策略',
  persona: '刻画{t}核心消费人群的画像与偏好',
  marketing: '评估{t}品牌在各媒体渠道的投放效率',
  retail: '监测{co}在线上线下渠道的铺货与动销',
  sentiment: '跟踪{co}相关的社交媒体舆情与风险',
  dashboard: '汇总{t}行业的核心经营指标',
};
const CREATORS = ['洞察研究中心', '数据分析部', '品牌策略组', '消费研究组'];
const DAY_MS = 86_400_000;

/** How each viewer finds its content (spec §3 anal_data_info); the hosts are placeholders. */
function dataInfo(ext: AnalDataExt, slug: string, pdfUrl: string): Record<string, unknown> {
  switch (ext) {
    case 'tableau':
      return {
        url: `https://tableau.example.com/views/${slug}/overview`,
        work_book: slug,
        tab_visible: false,
        tool_bar_visible: false,
      };
    case 'quickbi':
      return {
        url: `https://bi.example.com/token3rd/dashboard/view/pc.htm?pageId=${slug}`,
        tab_visible: false,
        tool_bar_visible: true,
      };
    case 'powerbi':
      return {
        url: `https://app.powerbi.example.com/reportEmbed?reportId=${slug}`,
        tab_visible: false,
        tool_bar_visible: false,
      };
    case 'excel':
    case 'word':
      // The seed writes a generated .xlsx / .docx and sets the url (seed-demo-content.ts).
      return { url: '' };
    case 'pdf':
      return { url: pdfUrl };
    case 'baidu_ai':
      return { model: 'image-classification', url: '' };
  }
}

/**
 * `count` insight topics, every category and every viewer type present, the same on every
 * machine. `pdfUrls` are demo report PDFs: the pdf viewer topics show them and every topic
 * quotes two of them as related files.
 */
export function demoAnalyses(now: Date, pdfUrls: readonly { title: string; url: string }[], count = 30) {
  const random = createRandom(seedFrom('demo-analyses'));
  const out: (DemoAnalysis & { quote_data_info: Record<string, unknown>[] })[] = [];
  for (let i = 0; i < count; i++) {
    const anal_type = ANAL_TYPES[i % ANAL_TYPES.length] as AnalType;
    const anal_data_ext = ANAL_DATA_EXTS[i % ANAL_DATA_EXTS.length] as AnalDataExt;
    const topic = DEMO_TOPICS[(i * 3 + Math.floor(i / 8)) % DEMO_TOPICS.length] as DemoTopic;
    const co = random.pick(topic.companies);
    const co2 =
      topic.companies.find((c) => c !== co) ??
      random.pick(DEMO_TOPICS[(i + 1) % DEMO_TOPICS.length]?.companies ?? [co]);
    const fill = (s: string) =>
      s
        .replaceAll('{t}', topic.sector ?? topic.name)
        .replaceAll('{co2}', co2)
        .replaceAll('{co}', co);
    const quotes = pdfUrls.length > 0 ? random.sample(pdfUrls, 2) : [];
    const published_at = now.getTime() - random.int(1, 180) * DAY_MS - random.int(0, 8 * 3600) * 1000;
    out.push({
      title: fill(TITLES[anal_type]),
      target: fill(TARGETS[anal_type]),
      creator: random.pick(CREATORS),
      description: `${fill(TARGETS[anal_type])}，覆盖${topic.words.join('、')}等关键议题。`,
      anal_type,
      anal_data_ext,
      anal_data_info: dataInfo(anal_data_ext, `demo-${String(i + 1).padStart(3, '0')}`, quotes[0]?.url ?? ''),
      quote_data_info: quotes.map((q) => ({ title: q.title, url: q.url, ext: 'pdf', create_time: '' })),
      restricted: i === RESTRICTED_DEMO_ANALYSIS ? 1 : 0,
      published_at,
    });
  }
  return out;
}
