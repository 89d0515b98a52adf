import { createRandom, seedFrom, type Random } from '../pdf/prng.ts';
import { DEMO_SOURCES, DEMO_TOPICS, type DemoTopic } from './demo-topics.ts';

export type DemoHeadline = {
  title: string;
  description: string;
  /** HTML as a crawler would hand it over; sanitised on write like any other. */
  content: string;
  source_name: string;
  source_url: string;
  published_at: number;
};

/** Slots: {t} topic, {co}/{co2} companies, {w} a topic word, {n} 亿元, {p} percent, {m} month. */
const TITLES = [
  '{co}发布三季度财报，{t}业务营收同比增长{p}%',
  '{t}赛道再迎融资，{co}完成新一轮{n}亿元融资',
  '{co}宣布加码{t}，拟投资{n}亿元建设新基地',
  '{m}月{t}数据出炉：行业规模同比增长{p}%',
  '{t}进入下半场，{co}如何破局？',
  '监管新规落地，{t}行业迎来合规化拐点',
  '{co}与{co2}达成战略合作，共拓{t}市场',
  '{t}价格战升级，{co}率先降价{p}%',
  '独家｜{co}高管：{t}仍有十倍增长空间',
  '{t}出海提速，{co}海外收入占比突破{p}%',
  '{w}成{t}新风口，{co}抢先布局',
  '{co}{w}新品亮相，{t}竞争再起波澜',
  '机构调研：{t}景气度回升，{w}需求旺盛',
  '{t}一周观察：{co}动作频频，{w}受关注',
];

const OPENINGS = [
  '记者从业内获悉，{co}近日在{t}领域动作频频。',
  '{m}月以来，{t}行业热度持续走高，{w}成为市场讨论的焦点。',
  '据多位知情人士透露，{co}正在加快{t}相关业务的布局。',
  '最新数据显示，{t}市场规模已超过{n}亿元，同比增长{p}%。',
];
const BODIES = [
  '分析人士指出，{w}的快速发展正在改变{t}行业的竞争格局，头部企业的优势进一步扩大。',
  '{co2}相关负责人表示，公司将持续投入研发，围绕{w}打造差异化产品。',
  '从渠道端看，{t}品牌在线上渠道的占比持续提升，私域运营和会员体系成为增长的重要抓手。',
  '业内人士认为，未来一到两年{t}行业将进入整合期，缺乏核心能力的中小玩家面临出清。',
  '资本市场方面，{t}板块近期表现活跃，多家机构上调了{co}的盈利预测。',
  '值得注意的是，{w}相关的政策支持力度不断加大，为行业发展提供了良好环境。',
  '消费者调研显示，超过{p}%的受访者表示愿意为{w}相关产品支付溢价。',
];
const CLOSINGS = [
  '{co}方面表示，将在年内公布更多进展。',
  '截至发稿，{co}未对此事做出进一步回应。',
  '多位分析师认为，{t}行业长期向好的趋势没有改变。',
];

const DAY_MS = 86_400_000;

function fill(template: string, topic: DemoTopic, random: Random, month: number): string {
  const co = random.pick(topic.companies);
  const others = [...topic.companies.filter((c) => c !== co), ...(topic.peers ?? [])];
  const co2 = others.length > 0 ? random.pick(others) : co;
  return template
    .replaceAll('{t}', topic.sector ?? topic.name)
    .replaceAll('{co2}', co2)
    .replaceAll('{co}', co)
    .replaceAll('{w}', random.pick(topic.words))
    .replaceAll('{n}', String(random.int(2, 120)))
    .replaceAll('{p}', String(random.int(5, 68)))
    .replaceAll('{m}', String(month));
}

/**
 * `count` headlines over the 30 days before `now`, the same for the same `now` on every
 * machine: topics take turns, templates and numbers come from a seeded PRNG. Oldest first.
 */
export function demoHeadlines(now: Date, count = 300): DemoHeadline[] {
  const random = createRandom(seedFrom('demo-headlines'));
  const titles = new Set<string>();
  const out: DemoHeadline[] = [];
  for (let i = 0; out.length < count && i < count * 5; i++) {
    const topic = DEMO_TOPICS[i % DEMO_TOPICS.length] as DemoTopic;
    const publishedAt = now.getTime() - random.int(10 * 60_000, 30 * DAY_MS - 60_000);
    const month = new Date(publishedAt + 8 * 3_600_000).getUTCMonth() + 1;
    const title = fill(random.pick(TITLES), topic, random, month);
    if (titles.has(title)) {
      continue;
    }
    titles.add(title);
    const opening = fill(random.pick(OPENINGS), topic, random, month);
    const bodies = random.sample(BODIES, 3).map((s) => fill(s, topic, random, month));
    const closing = fill(random.pick(CLOSINGS), topic, random, month);
    const source = random.pick(DEMO_SOURCES);
    const content = [
      `<p>${opening}${bodies[0] ?? ''}</p>`,
      `<h3>${topic.sector ?? topic.name}：${random.pick(topic.words)}</h3>`,
      `<p>${bodies[1] ?? ''}</p>`,
      `<ul><li>${topic.companies.join('、')}</li><li>${topic.words.join('、')}</li></ul>`,
      `<p>${bodies[2] ?? ''}${closing}</p>`,
    ].join('');
    out.push({
      title,
      description: `${opening}${bodies[0] ?? ''}`,
      content,
      source_name: source.name,
      source_url: `https://${source.host}/article/${100000 + i}.html`,
      published_at: publishedAt,
    });
  }
  return out.sort((a, b) => a.published_at - b.published_at);
}
