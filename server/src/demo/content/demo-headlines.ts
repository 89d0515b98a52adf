import { createRandom, seedFrom, type Random } from '../pdf/prng.ts';
import {
  HEADLINE_CITIES,
  HEADLINE_EVENTS,
  lastReportedQuarter,
  type HeadlineEvent,
} from './headline-events.ts';
import { DEMO_COMPANIES, DEMO_SOURCES, DEMO_TOPICS, type DemoTopic } from './demo-topics.ts';

export type DemoHeadline = {
  title: string;
  description: string;
  /** HTML as a crawler would hand it over; sanitised on write like any other. */
  content: string;
  source_name: string;
  source_url: string;
  published_at: number;
};

/** Market background for the middle of a story: names no company, so it fits any. */
const CONTEXT = [
  '从行业层面看，{t}市场仍处在结构调整期，{tw}是近期讨论最多的方向，头部企业的优势进一步扩大。',
  '渠道端数据显示，{t}品牌在线上渠道的占比持续提升，围绕{tw}的内容营销和会员运营成为增长的重要抓手。',
  '业内普遍认为，未来一到两年{t}行业将进入整合期，缺乏核心能力的中小玩家面临出清，{tw}领域的投入决定了企业的后劲。',
  '政策层面，与{tw}相关的支持措施不断加码，为{t}行业发展提供了较好的环境。',
  '消费者调研显示，越来越多的用户愿意为{tw}相关的产品和服务支付溢价，{t}市场的需求结构正在变化。',
];

/** Stories carried by several outlets (reworded titles, hours apart): the near-duplicates a reader meets. */
export const SHARED_STORIES = 10;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One piece of news: what happened to whom, with every slot value fixed. */
type Story = {
  event: HeadlineEvent;
  topic: DemoTopic;
  slots: Record<string, string>;
  publishedAt: number;
};

function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => slots[name] ?? whole);
}

/** Every (company, kind of news) and (market, kind of news) once, in a seeded order. */
function storyPlan(random: Random): { event: HeadlineEvent; topic: DemoTopic; company?: string }[] {
  const seen = new Set<string>();
  const plan: { event: HeadlineEvent; topic: DemoTopic; company?: string }[] = [];
  type Candidate = { event: HeadlineEvent; topic: DemoTopic; company?: string };
  const candidates = DEMO_TOPICS.flatMap((topic): Candidate[] =>
    HEADLINE_EVENTS.flatMap((event) =>
      event.about === 'market'
        ? topic.sector
          ? [] // a company topic's market is another topic's
          : [{ event, topic }]
        : topic.companies
            .filter((co) => event.fits?.(co) ?? true)
            .map((company) => ({ event, topic, company })),
    ),
  );
  for (const candidate of random.sample(candidates, candidates.length)) {
    const key = `${candidate.company ?? candidate.topic.name}|${candidate.event.name}`;
    if (!seen.has(key)) {
      seen.add(key);
      plan.push(candidate);
    }
  }
  return plan;
}

function storySlots(
  random: Random,
  topic: DemoTopic,
  publishedAt: number,
  company?: string,
): Record<string, string> {
  const month = new Date(publishedAt + 8 * HOUR_MS).getUTCMonth() + 1;
  const others = [...topic.companies, ...(topic.peers ?? [])].filter((c) => c !== company);
  // Company news is about the company's own market and products; market news about the topic.
  const facts = company === undefined ? undefined : DEMO_COMPANIES[company];
  if (company !== undefined && facts === undefined) {
    throw new Error(`demo company ${company} has no entry in DEMO_COMPANIES`);
  }
  return {
    co: company ?? '',
    co2: others.length > 0 ? random.pick(others) : '',
    t: facts?.market ?? topic.sector ?? topic.name,
    w: random.pick(facts?.products ?? topic.words),
    tw: random.pick(topic.words),
    n: String(random.int(3, 120)),
    p: String(random.int(6, 58)),
    sh: String(random.int(8, 42)),
    k: String(random.int(3, 30) * 1000),
    q: lastReportedQuarter(month),
    m: String(month),
    pm: String(month === 1 ? 12 : month - 1),
    nm: String(month === 12 ? 1 : month + 1),
    city: random.pick(HEADLINE_CITIES),
    leaders: topic.companies.slice(0, 2).join('、'),
  };
}

function article(
  story: Story,
  title: string,
  random: Random,
  source: (typeof DEMO_SOURCES)[number],
  id: number,
) {
  const { event, slots } = story;
  const lead = fill(event.lead, slots);
  const context = fill(random.pick(CONTEXT), slots);
  const comment = fill(event.comment, slots);
  return {
    title,
    description: lead,
    content: [
      `<p>${lead}</p>`,
      `<p>${context}</p>`,
      `<h3>${fill(event.heading, slots)}</h3>`,
      `<p>${comment}</p>`,
    ].join(''),
    source_name: source.name,
    source_url: `https://${source.host}/article/${100000 + id}.html`,
    published_at: story.publishedAt,
  };
}

/**
 * `count` headlines over the 30 days before `now`, the same for the same `now` on every
 * machine. Each is one story (a company's results, funding, plant, launch … or a market's
 * monthly figures, new rules, survey) whose title and body are filled from the same facts,
 * so the body talks about the company and numbers its title names. No company gets the same
 * kind of news twice. `SHARED_STORIES` stories are carried by two or three outlets with
 * reworded titles a few hours apart, as an aggregator sees them. Oldest first.
 */
export function demoHeadlines(now: Date, count = 300): DemoHeadline[] {
  const random = createRandom(seedFrom('demo-headlines'));
  const plan = storyPlan(random);
  const titles = new Set<string>();
  const out: DemoHeadline[] = [];
  // Every n-th story is a shared one, so they spread over the month.
  const sharedEvery = Math.max(1, Math.floor(Math.min(count, plan.length) / (SHARED_STORIES + 1)));
  let shared = 0;
  for (const [i, { event, topic, company }] of plan.entries()) {
    if (out.length >= count) {
      break;
    }
    const publishedAt = now.getTime() - random.int(10 * 60_000, 30 * DAY_MS - 12 * HOUR_MS);
    const story: Story = {
      event,
      topic,
      publishedAt,
      slots: storySlots(random, topic, publishedAt, company),
    };
    const outlets = i % sharedEvery === sharedEvery - 1 && shared < SHARED_STORIES ? random.int(2, 3) : 1;
    shared += outlets > 1 ? 1 : 0;
    const wordings = random.sample(event.titles, outlets);
    const sources = random.sample(DEMO_SOURCES, outlets);
    for (const [k, wording] of wordings.entries()) {
      const title = fill(wording, story.slots);
      if (titles.has(title) || out.length >= count) {
        continue;
      }
      titles.add(title);
      // Later outlets pick the story up hours after the first, never after now.
      const carried = {
        ...story,
        publishedAt: Math.min(now.getTime() - 60_000, publishedAt + k * random.int(1, 8) * HOUR_MS),
      };
      out.push(article(carried, title, random, sources[k] as (typeof DEMO_SOURCES)[number], out.length));
    }
  }
  return out.sort((a, b) => a.published_at - b.published_at);
}
