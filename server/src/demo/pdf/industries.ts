/**
 * The demo's industries: the words reports are written around. Companies appear in the text
 * of reports; keywords feed report keywords (and so search and subscriptions).
 */
export type DemoIndustry = {
  name: string;
  keywords: readonly string[];
  companies: readonly string[];
  /** Segments used as chart bars and table rows. */
  segments: readonly string[];
  /** What the market-size numbers count. */
  measure: string;
};

export const DEMO_INDUSTRIES: readonly DemoIndustry[] = [
  {
    name: '新能源汽车',
    keywords: ['新能源汽车', '动力电池', '智能驾驶', '充电桩', '固态电池'],
    companies: ['比亚迪', '宁德时代', '蔚来', '理想汽车', '小鹏汽车'],
    segments: ['纯电乘用车', '插混乘用车', '新能源商用车', '动力电池', '充换电服务'],
    measure: '市场规模',
  },
  {
    name: '光伏',
    keywords: ['光伏', '储能', '光伏组件', '硅料', 'N型电池'],
    companies: ['隆基绿能', '通威股份', '晶科能源', '阳光电源'],
    segments: ['硅料', '硅片', '电池片', '组件', '逆变器'],
    measure: '产值',
  },
  {
    name: '半导体',
    keywords: ['半导体', '芯片', '国产替代', '晶圆代工', '先进封装'],
    companies: ['中芯国际', '北方华创', '韦尔股份', '长电科技'],
    segments: ['芯片设计', '晶圆制造', '封装测试', '半导体设备', '半导体材料'],
    measure: '销售额',
  },
  {
    name: '人工智能',
    keywords: ['人工智能大模型', '算力', 'AIGC', '智能体', '多模态'],
    companies: ['百度', '科大讯飞', '商汤科技', '智谱'],
    segments: ['基础大模型', '行业大模型', '算力服务', 'AI应用', '数据服务'],
    measure: '市场规模',
  },
  {
    name: '咖啡茶饮',
    keywords: ['咖啡茶饮', '新茶饮', '现制饮品', '下沉市场', '门店加盟'],
    companies: ['瑞幸咖啡', '蜜雪冰城', '喜茶', '霸王茶姬'],
    segments: ['现制咖啡', '现制茶饮', '即饮咖啡', '果汁饮品', '烘焙轻食'],
    measure: '零售额',
  },
  {
    name: '白酒',
    keywords: ['白酒', '高端白酒', '渠道库存', '次高端', '宴席场景'],
    companies: ['贵州茅台', '五粮液', '泸州老窖', '山西汾酒'],
    segments: ['高端', '次高端', '中端', '大众', '光瓶酒'],
    measure: '销售收入',
  },
  {
    name: '医美',
    keywords: ['医美', '轻医美', '玻尿酸', '胶原蛋白', '合规化'],
    companies: ['爱美客', '华熙生物', '巨子生物'],
    segments: ['注射类', '光电类', '手术类', '皮肤管理', '医美耗材'],
    measure: '市场规模',
  },
  {
    name: '母婴',
    keywords: ['母婴', '婴幼儿奶粉', '育儿消费', '母婴渠道', '出生人口'],
    companies: ['飞鹤', '孩子王', '贝因美'],
    segments: ['婴幼儿奶粉', '纸尿裤', '童装童鞋', '婴童玩具', '育儿服务'],
    measure: '零售额',
  },
  {
    name: '宠物经济',
    keywords: ['宠物经济', '宠物食品', '宠物医疗', '国产品牌', '猫经济'],
    companies: ['中宠股份', '乖宝宠物', '佩蒂股份'],
    segments: ['宠物食品', '宠物医疗', '宠物用品', '宠物服务', '宠物保险'],
    measure: '消费规模',
  },
  {
    name: '跨境电商',
    keywords: ['跨境电商', '出海品牌', '独立站', 'TikTok Shop', '海外仓'],
    companies: ['SHEIN', 'Temu', '安克创新', '致欧科技'],
    segments: ['北美', '欧洲', '东南亚', '中东', '拉美'],
    measure: '出口额',
  },
  {
    name: '直播电商',
    keywords: ['直播电商', '私域流量', '内容电商', '会员运营', '品牌自播'],
    companies: ['抖音电商', '快手电商', '东方甄选', '交个朋友'],
    segments: ['服饰', '美妆', '食品', '家居', '数码'],
    measure: '成交额',
  },
  {
    name: '新消费',
    keywords: ['国潮', '新消费', '潮玩', 'IP运营', '出海品牌'],
    companies: ['泡泡玛特', '元气森林', '李宁', '花西子'],
    segments: ['潮玩', '国货美妆', '运动服饰', '无糖饮料', '文创'],
    measure: '零售额',
  },
];

export type DemoPublisher = {
  name: string;
  /** A company publishes about itself (公司研究, 年度报告); a research house about anything. */
  kind: 'company' | 'research';
  /** For a company: the industry it is in. */
  industry?: string;
};

/** Report publishers; the demo seed turns them into organisations that reports link to. */
export const DEMO_PUBLISHERS: readonly DemoPublisher[] = [
  { name: '宁德时代', kind: 'company', industry: '新能源汽车' },
  { name: '比亚迪', kind: 'company', industry: '新能源汽车' },
  { name: '隆基绿能', kind: 'company', industry: '光伏' },
  { name: '蔚来', kind: 'company', industry: '新能源汽车' },
  { name: '元气森林', kind: 'company', industry: '新消费' },
  { name: '泡泡玛特', kind: 'company', industry: '新消费' },
  { name: '华信咨询', kind: 'research' },
  { name: '洞见研究院', kind: 'research' },
  { name: '星图数据研究院', kind: 'research' },
  { name: '远川产业研究院', kind: 'research' },
  { name: '中和证券研究所', kind: 'research' },
  { name: '海川资本研究部', kind: 'research' },
  { name: '明略消费研究中心', kind: 'research' },
  { name: '启元智库', kind: 'research' },
  { name: '蓝鲸产业观察', kind: 'research' },
];

export function industryNamed(name: string): DemoIndustry {
  const industry = DEMO_INDUSTRIES.find((candidate) => candidate.name === name);
  if (!industry) {
    throw new Error(`unknown demo industry ${name}`);
  }
  return industry;
}
