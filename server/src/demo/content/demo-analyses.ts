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
/** The markets the market-titled topics are about, in turn (the ones a small demo keeps first). */
const MARKET_ORDER = [
  '新能源汽车',
  '动力电池',
  '跨境电商',
  '私域流量',
  '直播电商',
  '光伏',
  '半导体',
  '人工智能大模型',
  '咖啡茶饮',
  '出海品牌',
  '白酒',
  '医美',
  '母婴',
  '宠物经济',
  '国潮',
  '新消费',
];

/** Who the company-titled topics are about, in turn: [demo topic, company of it]. */
const COMPANY_SLOTS: readonly (readonly [string, string])[] = [
  ['宁德时代', '宁德时代'],
  ['新消费', '元气森林'],
  ['直播电商', '东方甄选'],
  ['咖啡茶饮', '瑞幸咖啡'],
  ['新能源汽车', '比亚迪'],
  ['国潮', '李宁'],
  ['母婴', '飞鹤'],
  ['白酒', '贵州茅台'],
  ['医美', '华熙生物'],
  ['光伏', '隆基绿能'],
  ['半导体', '中芯国际'],
  ['人工智能大模型', '科大讯飞'],
  ['跨境电商', 'SHEIN'],
  ['出海品牌', '安克创新'],
  ['宠物经济', '乖宝宠物'],
  ['咖啡茶饮', '霸王茶姬'],
  ['新能源汽车', '蔚来'],
];
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

/** A demo report PDF a topic can show or cite, with the industry it is about. */
export type DemoReportFile = { title: string; url: string; industry: string };

/**
 * `count` insight topics, every category and every viewer type present, the same on every
 * machine. Each is about one demo topic (`topic`, not stored): its companies, and the demo
 * report PDFs it shows (pdf viewer) or quotes as related files are of that topic's industry.
 * A pdf-viewer topic is about a topic whose industry has a report, when any has.
 */
export function demoAnalyses(now: Date, reports: readonly DemoReportFile[], count = 30) {
  const random = createRandom(seedFrom('demo-analyses'));
  const out: (DemoAnalysis & { topic: DemoTopic; quote_data_info: Record<string, unknown>[] })[] = [];
  const titles = new Set<string>();
  const reportsOf = (topic: DemoTopic) => reports.filter((r) => r.industry === topic.industry);
  const withReports = DEMO_TOPICS.filter((t) => reportsOf(t).length > 0);
  const topicNamed = (name: string) => DEMO_TOPICS.find((t) => t.name === name) as DemoTopic;
  // Market topics take turns on the market-titled categories, COMPANY_SLOTS on the others.
  const markets = MARKET_ORDER.map(topicNamed);
  let marketTurn = 0;
  let companyTurn = 0;
  for (let i = 0; i < count; i++) {
    const anal_type = ANAL_TYPES[i % ANAL_TYPES.length] as AnalType;
    const anal_data_ext = ANAL_DATA_EXTS[i % ANAL_DATA_EXTS.length] as AnalDataExt;
    const aboutCompany = TITLES[anal_type].includes('{co}');
    const slot = COMPANY_SLOTS[companyTurn % COMPANY_SLOTS.length] as readonly [string, string];
    let topic = aboutCompany ? topicNamed(slot[0]) : (markets[marketTurn % markets.length] as DemoTopic);
    let co = aboutCompany ? slot[1] : (topic.companies[0] as string);
    const titleOf = (t: DemoTopic, company: string, rival: string) =>
      TITLES[anal_type]
        .replaceAll('{t}', t.sector ?? t.name)
        .replaceAll('{co2}', rival)
        .replaceAll('{co}', company);
    if (anal_data_ext === 'pdf' && reportsOf(topic).length === 0 && withReports.length > 0) {
      // A pdf viewer shows a report of its own industry: the first such topic whose title is
      // free. The planned topic keeps its turn for the next topic of its kind.
      topic = withReports.find((t) => !titles.has(titleOf(t, t.companies[0] as string, ''))) ?? topic;
      co = topic.companies[0] as string;
    } else if (aboutCompany) {
      companyTurn++;
    } else {
      marketTurn++;
    }
    const market = topic.sector ?? topic.name;
    // The competitor: another company of the same market, one not yet paired with this one.
    const rivals = [...topic.companies, ...(topic.peers ?? [])].filter((c) => c !== co);
    const co2 =
      random.sample(rivals, rivals.length).find((c) => !titles.has(titleOf(topic, co, c))) ??
      rivals[0] ??
      market;
    const fill = (s: string) => s.replaceAll('{t}', market).replaceAll('{co2}', co2).replaceAll('{co}', co);
    const title = titles.has(fill(TITLES[anal_type]))
      ? `${topic.name}${fill(TITLES[anal_type])}`
      : fill(TITLES[anal_type]);
    titles.add(title);
    const quotes = random.sample(reportsOf(topic), 2);
    // Over the half year before now; the restricted topic is the oldest, so the newest topic
    // of every viewer (what a list shows first) is one a demo user may open.
    const days = random.int(1, 180);
    const published_at =
      now.getTime() - (i === RESTRICTED_DEMO_ANALYSIS ? 181 : days) * DAY_MS - random.int(0, 8 * 3600) * 1000;
    out.push({
      topic,
      title,
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
