/**
 * What demo headlines report: kinds of business news, each with reworded titles (several
 * outlets carrying one story word it differently) and a body that states the same facts.
 * Slots, filled once per story so title and body agree: {co} the company, {co2} a partner or
 * peer, {t} the company's market, {w} one of its products (market news: a word of the market),
 * {tw} a word of the topic, {n} an amount in 亿元, {p} a percent, {sh} an overseas share, {k} a
 * count, {q} the quarter just reported, {m} the month (with {pm} the one before and {nm} the
 * next), {city} a city, {leaders} a market's two leading companies.
 */
export type HeadlineEvent = {
  name: string;
  /** Company news names {co} in every title; market news names {t}. */
  about: 'company' | 'market';
  /** Which companies this can happen to (company news only). */
  fits?: (company: string) => boolean;
  titles: readonly string[];
  /** The first paragraph: the news itself. */
  lead: string;
  /** The body's subheading and closing paragraph, still about this story. */
  heading: string;
  comment: string;
};

/** Demo companies that are not listed: they raise money and publish no quarterly results. */
const PRIVATE = new Set(['智谱', '月之暗面', 'SHEIN', '元气森林', '花西子', '喜茶', '交个朋友', '完美日记']);
/** Platforms and channels, not makers: no results of their own, no plants, no price cuts. */
const PLATFORMS = new Set(['抖音电商', 'Temu', '交个朋友', '东方甄选']);
/** Brands that grow by opening shops. */
const CHAINS = new Set([
  '瑞幸咖啡',
  '蜜雪冰城',
  '喜茶',
  '霸王茶姬',
  '名创优品',
  '孩子王',
  '泡泡玛特',
  '李宁',
]);
/** Makers that build plants and production lines. */
const MAKERS = new Set([
  '比亚迪',
  '蔚来',
  '理想汽车',
  '小鹏汽车',
  '宁德时代',
  '国轩高科',
  '隆基绿能',
  '通威股份',
  '晶科能源',
  '中芯国际',
  '北方华创',
  '韦尔股份',
  '贵州茅台',
  '五粮液',
  '泸州老窖',
  '飞鹤',
  '贝因美',
  '乖宝宠物',
  '中宠股份',
  '佩蒂股份',
  '华熙生物',
  '爱美客',
  '巨子生物',
  '元气森林',
]);

/** Sold at home: their overseas share is no story. */
const SPIRITS = new Set(['贵州茅台', '五粮液', '泸州老窖']);

const listed = (co: string) => !PRIVATE.has(co) && !PLATFORMS.has(co);

export const HEADLINE_EVENTS: readonly HeadlineEvent[] = [
  {
    name: 'results',
    about: 'company',
    fits: listed,
    titles: [
      '{co}发布{q}财报：营收同比增长{p}%',
      '{co}{q}营收增长{p}%，{w}业务贡献明显',
      '{q}业绩出炉，{co}营收同比增长{p}%',
    ],
    lead: '{co}近日发布{q}财报，报告期内实现营业收入{n}亿元，同比增长{p}%。公司在业绩说明会上表示，{w}相关业务是本季度增长的主要来源。',
    heading: '{co}：{w}贡献增量',
    comment:
      '多家券商在财报发布后维持对{co}的推荐评级，认为其在{t}领域的规模优势仍在扩大，但也提示原材料价格与行业竞争带来的利润率压力。',
  },
  {
    name: 'funding',
    about: 'company',
    fits: (co) => PRIVATE.has(co),
    titles: [
      '{co}完成新一轮融资，金额约{n}亿元',
      '{t}赛道再迎大额融资：{co}获投约{n}亿元',
      '消息称{co}完成约{n}亿元融资，将加码{w}',
    ],
    lead: '据知情人士透露，{co}已完成新一轮融资，金额约{n}亿元，老股东继续跟投。本轮资金将主要用于{w}相关的研发和团队扩充。',
    heading: '{co}融资后的重点：{w}',
    comment:
      '投资人士认为，{t}行业头部效应明显，{co}此轮融资后现金储备充足，有望在{w}方向拉开与追赶者的差距。截至发稿，{co}未对融资细节置评。',
  },
  {
    name: 'plant',
    about: 'company',
    fits: (co) => MAKERS.has(co),
    titles: [
      '{co}拟投资{n}亿元在{city}建设{w}项目',
      '加码{w}：{co}{city}新基地总投资{n}亿元',
      '{co}宣布{n}亿元{city}新项目，聚焦{w}',
    ],
    lead: '{co}公告称，公司拟在{city}投资{n}亿元建设{w}项目，预计分两期建设，首期计划于明年投产。',
    heading: '{co}产能布局再下一城',
    comment:
      '业内人士指出，{t}行业的产能正在向头部企业集中。{co}表示，新项目建成后将缩短交付周期，并进一步降低单位成本。',
  },
  {
    name: 'launch',
    about: 'company',
    fits: (co) => !PLATFORMS.has(co),
    titles: [
      '{co}发布{w}新品，发力{t}市场',
      '{co}推出{w}相关新品，{t}竞争再升级',
      '{t}新品密集上市，{co}主打{w}',
    ],
    lead: '{co}近日举办新品发布会，推出多款{w}相关新产品，计划于{m}月内陆续上市。{co}表示，新品针对用户在{w}方面的需求做了重点升级。',
    heading: '{co}新品的看点',
    comment:
      '渠道人士反馈，{co}新品上市首周的预订情况好于预期。分析人士认为，{t}市场的新品节奏明显加快，产品力正成为竞争的关键。',
  },
  {
    name: 'partnership',
    about: 'company',
    titles: [
      '{co}与{co2}达成战略合作，共拓{tw}',
      '{co}携手{co2}，聚焦{t}领域{tw}',
      '{co}、{co2}签署合作协议，布局{tw}',
    ],
    lead: '{co}与{co2}近日签署战略合作协议，双方将围绕{tw}在产品研发、渠道和数据等方面开展合作。',
    heading: '{co}与{co2}：各取所长',
    comment:
      '{co}相关负责人表示，此次合作将帮助公司更快进入新的客群。业内认为，{t}行业的竞合关系正在变化，企业之间的联合布局会越来越多。',
  },
  {
    name: 'price',
    about: 'company',
    fits: (co) => !PLATFORMS.has(co),
    titles: [
      '{co}下调部分产品价格，最高降幅{p}%',
      '{t}价格战升级：{co}部分产品降价{p}%',
      '{co}宣布降价，{w}相关产品最高降{p}%',
    ],
    lead: '{co}宣布自{m}月起下调部分产品价格，其中{w}相关产品最高降幅达{p}%。{co}表示，降价来自规模效应带来的成本下降。',
    heading: '{co}降价之后',
    comment:
      '有经销商表示，{co}降价后门店客流明显增加，但同行的跟进压力随之上升。分析人士提醒，{t}行业价格竞争加剧，中小品牌的利润空间将被进一步压缩。',
  },
  {
    name: 'overseas',
    about: 'company',
    fits: (co) => (!PLATFORMS.has(co) || co === 'Temu') && !SPIRITS.has(co),
    titles: [
      '{co}加速出海，海外收入占比升至{sh}%',
      '{co}海外业务提速，收入占比达{sh}%',
      '出海成新增长点：{co}海外收入占比{sh}%',
    ],
    lead: '{co}披露，今年以来海外业务收入占比已提升至{sh}%，东南亚、欧洲等市场增长较快。公司计划继续扩大海外{w}相关业务的投入。',
    heading: '{co}的海外市场',
    comment:
      '{co}方面表示，海外市场将坚持本地化运营，在重点国家建立本地团队。业内人士认为，{t}企业出海正从产品出口走向品牌出海。',
  },
  {
    name: 'stores',
    about: 'company',
    fits: (co) => CHAINS.has(co),
    titles: [
      '{co}门店数突破{k}家，下沉市场贡献过半新店',
      '{co}全国门店超{k}家，继续加密三四线城市',
      '门店突破{k}家后，{co}下一步怎么走？',
    ],
    lead: '{co}最新数据显示，其全国门店数已突破{k}家，今年新开门店中超过一半位于三线及以下城市。',
    heading: '{co}开店节奏',
    comment:
      '{co}相关负责人表示，公司将继续推进加盟与直营并行的模式，并以{w}带动单店效率提升。有分析指出，{t}行业门店扩张仍在继续，但单店收入增速已有所放缓。',
  },
  {
    name: 'interview',
    about: 'company',
    titles: [
      '独家｜{co}高管：{w}仍有较大增长空间',
      '对话{co}：{t}下半场拼什么？',
      '{co}高管谈{w}：未来三年是关键窗口期',
    ],
    lead: '在接受本报记者专访时，{co}一位高管表示，{w}仍处于快速发展阶段，公司将把未来三年视为关键窗口期，持续加大投入。',
    heading: '{co}如何看{t}的竞争',
    comment: '这位高管认为，{t}行业正从拼规模转向拼效率，{co}会把资源集中在{w}等优势环节，不追求全面铺开。',
  },
  {
    name: 'monthly',
    about: 'market',
    titles: [
      '{pm}月{t}数据出炉：行业规模同比增长{p}%',
      '{t}{pm}月成绩单：同比增长{p}%，{w}表现亮眼',
      '{pm}月{t}市场同比增长{p}%，头部集中度继续提升',
    ],
    lead: '行业协会最新数据显示，{pm}月{t}市场规模同比增长{p}%，环比保持增长，其中{w}相关领域增速领先。',
    heading: '{t}：{w}领跑',
    comment: '从企业表现看，{leaders}等头部企业的份额继续提升。协会预计，全年{t}市场将保持稳定增长。',
  },
  {
    name: 'policy',
    about: 'market',
    titles: ['{t}行业新规发布，{w}迎来规范发展', '监管出手：{t}新规聚焦{w}', '{t}新规落地，{w}领域门槛提高'],
    lead: '有关部门近日发布{t}行业新规，对{w}相关的产品标准、信息披露和经营资质提出了更明确的要求，新规将于{nm}月起正式施行。',
    heading: '{t}新规要点',
    comment:
      '业内人士认为，新规有利于{t}行业长期健康发展，{leaders}等合规基础较好的企业有望受益，部分中小企业将面临整改压力。',
  },
  {
    name: 'survey',
    about: 'market',
    titles: [
      '机构调研：{t}景气度回升，{w}需求旺盛',
      '{t}景气度调查：{w}需求持续走强',
      '调研显示{t}需求回暖，{w}成增长主力',
    ],
    lead: '多家机构近期对{t}产业链的调研显示，行业景气度较上季度明显回升，{w}相关需求旺盛，订单能见度延长至两个季度以上。',
    heading: '{t}调研纪要',
    comment: '受访企业中，{leaders}等头部公司的订单增长较快。机构提示，{t}行业仍需关注需求持续性和价格竞争。',
  },
];

export const HEADLINE_CITIES = [
  '合肥',
  '宁波',
  '成都',
  '西安',
  '武汉',
  '常州',
  '宜宾',
  '惠州',
  '南昌',
  '重庆',
];

/** Quarters whose results have been published by a given month (1–12). */
export function lastReportedQuarter(month: number): string {
  return month <= 4 ? '四季度' : month <= 7 ? '一季度' : month <= 10 ? '二季度' : '三季度';
}
