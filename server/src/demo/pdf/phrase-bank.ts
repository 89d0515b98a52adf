import type { Random } from './prng.ts';

/**
 * Sentence templates of Chinese research-report prose. Slots: {ind} industry, {kw}/{kw2}
 * keywords, {co}/{co2} companies, {seg} a segment, {y} the report's year, {y1} the year
 * before, {p}/{p2} percentages, {n} an amount in 亿元, {pub} the publisher.
 */
const SENTENCES: Readonly<Record<SectionTopic, readonly string[]>> = {
  overview: [
    '{ind}行业经过多年发展，已由政策驱动阶段逐步转向市场驱动阶段，{kw}成为行业关注的焦点。',
    '从发展历程看，{ind}行业大致经历了导入期、快速成长期和结构调整期三个阶段。',
    '当前{ind}行业集中度持续提升，头部企业凭借规模优势和品牌积累不断扩大领先地位。',
    '{kw}的快速普及正在重塑{ind}行业的竞争逻辑，产品力和运营效率的重要性显著上升。',
    '我们认为，{ind}行业正处于由高速增长向高质量发展切换的关键窗口期。',
    '与海外成熟市场相比，国内{ind}行业在渗透率和人均消费水平上仍有较大提升空间。',
    '{y}年以来，{kw}与{kw2}相互促进，推动{ind}行业进入新一轮增长周期。',
  ],
  market: [
    '据{pub}测算，{y}年中国{ind}{measure}约为{n}亿元，同比增长{p}%。',
    '其中{seg}板块增速最快，{y}年同比增长{p2}%，占整体规模的比重持续提升。',
    '预计未来三年{ind}{measure}年均复合增长率将保持在{p}%左右。',
    '增长的核心驱动力来自{kw}渗透率提升、消费升级以及供给端的持续创新。',
    '从季度数据看，{y}年下半年{ind}行业景气度明显回暖，{kw}相关订单环比改善。',
    '价格竞争在{y1}年较为激烈，{y}年行业逐步从以价换量转向以质取胜。',
    '按细分领域拆分，{seg}仍是规模最大的板块，贡献了约{p2}%的增量。',
  ],
  competition: [
    '{ind}行业呈现“一超多强”的竞争格局，{co}市场份额约为{p}%，位居行业第一。',
    '{co}与{co2}在{kw}领域展开差异化竞争，前者强调规模与成本，后者侧重技术与品牌。',
    '行业前五名企业合计市场份额由{y1}年的{p2}%提升至{y}年的{p}%，集中度进一步提高。',
    '新进入者主要通过{kw2}切入市场，但在供应链和渠道方面仍面临较高壁垒。',
    '我们判断，具备全产业链布局能力的企业将在下一阶段竞争中占据主动。',
    '{co}持续加大研发投入，{y}年研发费用率达到{p2}%，在{kw}方面形成了领先优势。',
  ],
  chain: [
    '从产业链看，上游主要包括原材料与核心零部件，中游为制造与集成，下游为渠道与终端用户。',
    '上游{seg}环节的价格波动对行业盈利能力影响较大，{y}年相关成本同比下降{p2}%。',
    '中游企业正加快向{kw}方向延伸，以提升附加值和客户黏性。',
    '下游需求结构发生变化，{kw2}带来的增量需求占比已超过{p}%。',
    '产业链协同不断加强，{co}等龙头企业通过参股和长期协议锁定关键资源。',
    '数字化工具在产业链各环节加速渗透，有效降低了库存周转天数。',
  ],
  consumer: [
    '从用户画像看，{ind}核心消费人群以25至40岁的城市中产为主，女性用户占比约{p}%。',
    '年轻消费者更加注重产品的情绪价值和社交属性，{kw}相关话题在社交媒体上热度持续走高。',
    '下沉市场成为新的增长来源，三线及以下城市用户增速高于一二线城市约{p2}个百分点。',
    '消费者决策链路明显缩短，直播电商和私域流量在购买转化中的作用日益突出。',
    '复购率是衡量品牌健康度的关键指标，头部品牌的年度复购率普遍超过{p}%。',
    '国潮兴起带动本土品牌认可度提升，越来越多的消费者愿意为国货品牌支付溢价。',
  ],
  policy: [
    '{y}年相关部门密集出台支持政策，为{ind}行业的规范发展提供了清晰指引。',
    '政策层面持续鼓励{kw}方向的技术创新，并在财税、金融等方面给予支持。',
    '监管趋严加速了行业出清，合规经营能力正在成为企业的核心竞争力之一。',
    '地方政府围绕{kw2}打造产业集群，产业链配套能力进一步完善。',
    '我们预计后续政策将更加注重高质量发展和消费者权益保护。',
  ],
  technology: [
    '技术路线方面，{kw}正处于从示范应用走向规模化推广的阶段。',
    '{co}在{kw2}方面取得突破，相关产品性能较上一代提升约{p}%。',
    '随着人工智能大模型的应用落地，{ind}行业的研发、生产和营销效率有望全面提升。',
    '核心技术的国产替代进程加快，关键环节的自主可控水平显著提高。',
    '我们认为，技术迭代速度将决定未来三到五年行业格局的演变方向。',
  ],
  companies: [
    '{co}：作为行业龙头，公司{y}年营业收入约{n}亿元，同比增长{p}%，盈利能力保持稳定。',
    '{co2}：公司聚焦{kw}赛道，产品矩阵不断丰富，海外业务收入占比提升至{p2}%。',
    '重点企业普遍加快出海步伐，以出海品牌的身份参与全球竞争。',
    '从估值角度看，行业龙头当前估值处于历史中枢偏下位置，具备一定的安全边际。',
    '{co}通过私域流量运营和会员体系建设，显著提升了用户生命周期价值。',
  ],
  outlook: [
    '展望{y}年下半年，我们看好{kw}和{kw2}两条主线带来的结构性机会。',
    '建议重点关注具备技术壁垒、渠道优势和品牌溢价能力的龙头企业。',
    '预计行业将在未来两到三年迎来新一轮整合，优质企业的市场份额有望继续提升。',
    '对于投资者而言，应更加关注企业现金流质量和经营韧性，而非短期规模扩张。',
    '{ind}行业长期成长逻辑未变，我们维持行业“推荐”评级。',
  ],
  risks: [
    '宏观经济增速不及预期，可能导致{ind}终端需求走弱。',
    '行业竞争加剧可能引发价格战，进而压缩企业利润空间。',
    '{kw}相关技术进展不及预期，可能影响新产品的推出节奏。',
    '原材料价格大幅波动，可能对企业成本控制带来压力。',
    '海外贸易政策变化可能对出海业务造成不利影响。',
  ],
};

export type SectionTopic =
  | 'overview'
  | 'market'
  | 'competition'
  | 'chain'
  | 'consumer'
  | 'policy'
  | 'technology'
  | 'companies'
  | 'outlook'
  | 'risks';

export const SECTION_HEADINGS: Readonly<Record<SectionTopic, string>> = {
  overview: '行业概况与发展阶段',
  market: '市场规模与增长驱动',
  competition: '竞争格局分析',
  chain: '产业链拆解',
  consumer: '用户画像与消费趋势',
  policy: '政策环境',
  technology: '技术路线演进',
  companies: '重点企业分析',
  outlook: '投资建议与展望',
  risks: '风险提示',
};

/** Body sections in reading order; `risks` always comes last. */
export const BODY_TOPICS: readonly SectionTopic[] = [
  'overview',
  'market',
  'competition',
  'chain',
  'consumer',
  'policy',
  'technology',
  'companies',
  'outlook',
];

export type PhraseContext = {
  industry: string;
  measure: string;
  keywords: readonly string[];
  companies: readonly string[];
  segments: readonly string[];
  year: number;
  publisher: string;
};

/** `count` distinct sentences of a topic with their slots filled. */
export function sentences(topic: SectionTopic, count: number, ctx: PhraseContext, random: Random): string[] {
  return random.sample(SENTENCES[topic], count).map((template) => fillSlots(template, ctx, random));
}

function fillSlots(template: string, ctx: PhraseContext, random: Random): string {
  const [kw, kw2] = random.sample(ctx.keywords, 2);
  const [co, co2] = random.sample(ctx.companies, 2);
  const percent = () => (random.int(30, 650) / 10).toFixed(1);
  const values: Record<string, () => string> = {
    ind: () => ctx.industry,
    measure: () => ctx.measure,
    kw: () => kw ?? ctx.industry,
    kw2: () => kw2 ?? kw ?? ctx.industry,
    co: () => co ?? ctx.publisher,
    co2: () => co2 ?? co ?? ctx.publisher,
    seg: () => random.pick(ctx.segments),
    y: () => String(ctx.year),
    y1: () => String(ctx.year - 1),
    p: percent,
    p2: percent,
    n: () => String(random.int(120, 9800)),
    pub: () => ctx.publisher,
  };
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name]?.() ?? slot);
}
