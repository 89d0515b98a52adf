import { createRandom, seedFrom } from '../pdf/prng.ts';
import type { DemoTopic } from './demo-topics.ts';

export type DemoMaterial = {
  title: string;
  subtitle: string;
  material_type: 'image' | 'video';
  video_duration: number;
  category: string;
  open_screen_type: string;
  mockup_type: string;
  parent_brand: string;
  product_brand: string;
  person_type: string;
  person_star: string;
  style_type: string;
  first_exposure_at: number;
  channel: string;
  is_have_activity: number;
  published_at: number;
  /** The demo topic its insight links come from (not stored). */
  topic: string;
};

/** Advertised brands, each with the demo topic (`DEMO_TOPICS`) its insight links come from. */
const BRANDS: readonly { parent: string; product: string; theme: string; topic: string }[] = [
  { parent: '元气森林', product: '气泡水', theme: '0糖0脂0卡', topic: '新消费' },
  { parent: '瑞幸咖啡', product: '生椰拿铁', theme: '秋天的第一杯', topic: '咖啡茶饮' },
  { parent: '比亚迪', product: '海豹', theme: '新能源汽车 智驾到家', topic: '新能源汽车' },
  { parent: '蔚来', product: 'ES6', theme: '换电三分钟', topic: '新能源汽车' },
  { parent: '泡泡玛特', product: 'MOLLY', theme: '潮玩新系列', topic: '国潮' },
  { parent: '蜜雪冰城', product: '柠檬水', theme: '甜蜜价格', topic: '咖啡茶饮' },
  { parent: '花西子', product: '空气散粉', theme: '东方美妆 国潮', topic: '国潮' },
  { parent: '李宁', product: '跑鞋', theme: '国潮运动', topic: '国潮' },
  { parent: '飞鹤', product: '星飞帆', theme: '更适合中国宝宝', topic: '母婴' },
  { parent: '霸王茶姬', product: '伯牙绝弦', theme: '原叶鲜奶茶', topic: '咖啡茶饮' },
];
const CATEGORIES = ['开屏广告', '信息流广告', '海报', '短视频'];
const CAMPAIGNS = ['夏日限定', '双十一', '新品首发', '春节', '周年庆', '开学季', '国庆', '七夕'];
const OPEN_SCREEN = ['静态开屏', '动态开屏', '视频开屏', '全屏互动'];
const MOCKUPS = ['手机', '平板', '户外大屏', '电梯屏'];
const PERSON_TYPES = ['明星', '达人', '素人', '无人物'];
const STARS = ['林一', '周然', '苏晓', '陈默', ''];
const STYLES = ['国潮', '极简', '科技感', '温馨', '活力'];
const CHANNELS = ['抖音', '微信朋友圈', '小红书', '微博', 'B站', '应用开屏'];
const DAY_MS = 86_400_000;

/**
 * `count` ad materials (spec §3 Material), a fifth of them videos, the same on every machine.
 * Each gets a generated poster image; videos keep no video file (video_url stays empty).
 */
export function demoMaterials(now: Date, count = 40): DemoMaterial[] {
  const random = createRandom(seedFrom('demo-materials'));
  const out: DemoMaterial[] = [];
  const titles = new Set<string>();
  for (let i = 0; i < count; i++) {
    const brand = BRANDS[i % BRANDS.length] as (typeof BRANDS)[number];
    const video = i % 10 >= 7;
    const category = video ? '短视频' : random.pick(CATEGORIES.slice(0, 3));
    const channel = random.pick(CHANNELS);
    const personType = random.pick(PERSON_TYPES);
    const published_at = now.getTime() - random.int(1, 90) * DAY_MS - random.int(0, 10 * 3600) * 1000;
    // A campaign this brand has not run on this channel yet: no two materials share a title.
    const campaign = random
      .sample(CAMPAIGNS, CAMPAIGNS.length)
      .find((c) => !titles.has(`${brand.parent}${brand.product}${c}${channel}${category}`));
    const title = `${brand.parent}${brand.product}${campaign ?? `第${i + 1}波`}${channel}${category}`;
    titles.add(title);
    out.push({
      title,
      subtitle: `${brand.theme} · ${channel}`,
      material_type: video ? 'video' : 'image',
      video_duration: video ? random.pick([15, 30, 60]) : 0,
      category,
      open_screen_type: category === '开屏广告' ? random.pick(OPEN_SCREEN) : '',
      mockup_type: random.pick(MOCKUPS),
      parent_brand: brand.parent,
      product_brand: brand.product,
      person_type: personType,
      person_star: personType === '明星' || personType === '达人' ? random.pick(STARS) : '',
      style_type: random.pick(STYLES),
      first_exposure_at: published_at - random.int(0, 5) * DAY_MS,
      channel,
      is_have_activity: random.int(0, 1),
      published_at,
      topic: brand.topic,
    });
  }
  return out;
}

/**
 * The insight topics a material may link to: those about its brand's company, else those of its
 * brand's demo topic (a 元气森林 poster links to consumer insight, never to a chip dashboard).
 */
export function relatedAnalyses<T extends { topic: DemoTopic }>(
  material: DemoMaterial,
  analyses: readonly T[],
): T[] {
  const ofBrand = analyses.filter((a) => a.topic.companies.includes(material.parent_brand));
  return ofBrand.length > 0 ? ofBrand : analyses.filter((a) => a.topic.name === material.topic);
}
