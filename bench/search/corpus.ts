import type { DocType, SearchDoc } from '../../server/src/search/search.types.ts';

/**
 * Deterministic Chinese business documents for the search benchmark. The vocabulary is
 * shaped so the query set has known frequencies at any N:
 *  - COMMON words sit in sentence templates used by most documents (市场, 增长: >30%);
 *  - industries follow a Zipf curve (新能源汽车 ≈ 12% of titles, more in bodies);
 *  - company names are rare: 20,000 synthetic names, each in ~N/20,000 documents.
 * Same seed, same N → same documents, ids and publish times.
 */

/** mulberry32: small, fast, good enough for data generation. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const INDUSTRIES = [
  '新能源汽车',
  '动力电池',
  '跨境电商',
  '直播电商',
  '人工智能',
  '半导体',
  '光伏',
  '储能',
  '咖啡茶饮',
  '白酒',
  '医美',
  '母婴',
  '宠物经济',
  '出海品牌',
  '国潮',
  '预制菜',
  '低空经济',
  '机器人',
  '云计算',
  '数据中心',
  '创新药',
  '医疗器械',
  '户外运动',
  '美妆',
  '短视频',
  '游戏',
  '在线教育',
  '文旅',
  '物流',
  '智能家居',
  '汽车零部件',
  '锂电池',
  '氢能',
  '风电',
  '私域流量',
  '大模型',
  '生物医药',
  '快消品',
  '奢侈品',
  '银发经济',
] as const;

const FAMOUS = [
  '宁德时代',
  '比亚迪',
  '蔚来',
  '理想汽车',
  '小米',
  '华为',
  '阿里巴巴',
  '腾讯',
  '字节跳动',
  '拼多多',
  '京东',
  '美团',
  '贵州茅台',
  '五粮液',
  '瑞幸咖啡',
  '喜茶',
  '蜜雪冰城',
  '隆基绿能',
  '中芯国际',
  '泡泡玛特',
];

const SYLLABLES_A = '星澜云启辰瀚曜锦航鼎睿拓衡弘嘉泽宸熠沐朗峰岳舟川铭德'.split('');
const SYLLABLES_B = '智创科数联芯动能源链达信通盛合汇远捷安康鑫宇恒升邦'.split('');
const SUFFIX = ['科技', '集团', '股份', '智能', '生物', '新材', '电子', '网络'];

/** 20,000 distinct synthetic company names such as 星智科技 (rare query terms). */
export function rareCompanies(): string[] {
  const names: string[] = [];
  for (const a of SYLLABLES_A) {
    for (const b of SYLLABLES_B) {
      for (const c of SYLLABLES_A) {
        for (const s of SUFFIX) {
          if (a !== c) {
            names.push(`${a}${b}${c}${s}`);
          }
          if (names.length === 20_000) {
            return names;
          }
        }
      }
    }
  }
  return names;
}

const TOPICS = [
  '行业深度研究',
  '市场洞察',
  '竞争格局分析',
  '消费趋势观察',
  '产业链全景',
  '年度白皮书',
  '投资策略',
  '渠道变革',
  '用户画像',
  '出海机会',
];
const TITLE_SUFFIX = ['报告', '简报', '专题', '观察', '解读'];
const SENTENCES = [
  '{co}在{ind}领域的市场份额同比增长{n}%，行业集中度持续提升。',
  '消费者对{ind}产品的关注度明显上升，线上渠道贡献了{n}%的销售额。',
  '从产业链看，{ind}上游原材料价格波动，中游企业利润承压，下游需求保持增长。',
  '{co}发布新品，主打年轻用户与下沉市场，品牌声量快速提升。',
  '政策层面持续支持{ind}发展，地方政府出台专项补贴与税收优惠。',
  '我们预计未来三年{ind}市场规模将保持{n}%左右的复合增长率。',
  '头部品牌加速布局私域与会员体系，复购率达到{n}%。',
  '资本市场对{ind}的估值分化，优质企业获得更多融资机会。',
  '海外市场成为新的增长点，{co}在东南亚和欧洲的收入占比提升至{n}%。',
  '数据显示，{ind}用户规模突破{n}千万，渗透率仍有提升空间。',
];
const TYPE_WEIGHTS: [DocType, number][] = [
  ['business', 0.45],
  ['report', 0.3],
  ['insight', 0.15],
  ['material', 0.07],
  ['analysis_material', 0.03],
];

/** Words to load into the segmenter's user dictionary, as the portal does from its keyword catalogue. */
export function benchUserWords(): string[] {
  return [...INDUSTRIES, ...FAMOUS, ...rareCompanies()];
}

/** Index into INDUSTRIES with Zipf(1) weights: the first industry is the most frequent. */
function zipfPicker(n: number): (r: number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 1; i <= n; i++) {
    cumulative.push((sum += 1 / i));
  }
  return (r) => {
    const target = r * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? sum) < target) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  };
}

const END_MS = Date.UTC(2026, 10, 1);
const SPAN_MS = 4 * 365 * 24 * 3600 * 1000;

/**
 * Document `i` of a corpus of `n` (any i in [0, n) can be made independently, so workers
 * split the range). Publish times rise with i across four years, except one in twenty,
 * which is back-filled at a random older time.
 */
export function makeDoc(i: number, n: number, seed = 42): SearchDoc {
  const r = rng(seed * 1_000_003 + i);
  const pickIndustry = zipfCache ?? (zipfCache = zipfPicker(INDUSTRIES.length));
  const companies = rareCache ?? (rareCache = rareCompanies());
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const industry = INDUSTRIES[pickIndustry(r())] ?? INDUSTRIES[0];
  const second = INDUSTRIES[pickIndustry(r())] ?? INDUSTRIES[1];
  const company = () => (r() < 0.3 ? pick(FAMOUS) : pick(companies));
  let typeRoll = r();
  let type: DocType = 'business';
  for (const [t, w] of TYPE_WEIGHTS) {
    if ((typeRoll -= w) <= 0) {
      type = t;
      break;
    }
  }
  const year = 2022 + Math.floor(r() * 5);
  const title = `${year}年${industry}${pick(TOPICS)}${pick(TITLE_SUFFIX)}：${company()}与${second}`;
  const sentences: string[] = [];
  const count = 4 + Math.floor(r() * 5);
  for (let s = 0; s < count; s++) {
    sentences.push(
      pick(SENTENCES)
        .replace('{co}', company())
        .replace('{ind}', r() < 0.6 ? industry : second)
        .replace('{n}', String(1 + Math.floor(r() * 90))),
    );
  }
  const backfill = r() < 0.05;
  const at = backfill ? END_MS - SPAN_MS + r() * SPAN_MS : END_MS - SPAN_MS + ((i + r()) / n) * SPAN_MS;
  return {
    id: `d${i}`,
    type,
    title,
    body: sentences.join(''),
    tags: [industry, second],
    publishedAt: new Date(Math.floor(at)),
    hot: r() * 100,
  };
}
let zipfCache: ((r: number) => number) | undefined;
let rareCache: string[] | undefined;
