/**
 * The keyword-subscription catalogue a new portal starts with (admins edit it later): company
 * types in display order — only the brand-owner type asks for an industry — and recommended
 * keywords drawn from the business topics the headlines are written around.
 */
export type CatalogueCompanyType = { name: string; industries: readonly string[] };

/** The brand-owner type: the one whose users must also choose an industry. */
export const BRAND_OWNER_TYPE = '品牌方';

export const SEED_COMPANY_TYPES: readonly CatalogueCompanyType[] = [
  {
    name: BRAND_OWNER_TYPE,
    industries: [
      '美妆个护',
      '食品饮料',
      '服饰鞋包',
      '3C数码',
      '家居家电',
      '母婴',
      '汽车',
      '医疗健康',
      '宠物',
      '新能源',
      '互联网',
      '其他行业',
    ],
  },
  { name: '代理商/服务商', industries: [] },
  { name: '媒体', industries: [] },
  { name: '投资机构', industries: [] },
  { name: '咨询/研究机构', industries: [] },
  { name: '其他', industries: [] },
];

export const SEED_KEYWORDS: readonly string[] = [
  '新能源汽车',
  '动力电池',
  '宁德时代',
  '跨境电商',
  '私域流量',
  '直播电商',
  '光伏',
  '半导体',
  '人工智能大模型',
  '咖啡茶饮',
  '白酒',
  '医美',
  '母婴',
  '宠物经济',
  '出海品牌',
  '国潮',
  '智能驾驶',
  '固态电池',
  '储能',
  '独立站',
  '会员运营',
  '品牌自播',
  '国产替代',
  '算力',
  '新茶饮',
  '下沉市场',
  '轻医美',
  '婴幼儿奶粉',
  '宠物食品',
  '国货',
];

/** What the demo accounts are subscribed to, so they open the portal rather than onboarding. */
export const DEMO_SUBSCRIPTION = {
  companyType: BRAND_OWNER_TYPE,
  industry: '新能源',
  keywords: ['新能源汽车', '动力电池', '跨境电商', '人工智能大模型', '咖啡茶饮'],
} as const;
