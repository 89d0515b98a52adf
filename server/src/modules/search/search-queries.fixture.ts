/**
 * Chinese queries against the demo seed (DEMO_REPORTS=4, manual clock) with what the first
 * hit must be: its title or tags hold every `titleHas` word, and `index` is among the first three
 * hits. Title matches rank first on both databases, so these hold for FTS5 bm25 and
 * PostgreSQL ts_rank alike.
 */
export type QueryCase = {
  q: string;
  tn?: 'report' | 'business' | 'insight' | 'material';
  titleHas: string[];
  index: string;
};

export const QUERY_CASES: readonly QueryCase[] = [
  { q: '新能源汽车', titleHas: ['新能源汽车'], index: 'portal_insight' },
  { q: '动力电池', titleHas: ['动力电池'], index: 'portal_insight' },
  { q: '宁德时代', titleHas: ['宁德时代'], index: 'portal_report' },
  { q: '跨境电商', titleHas: ['跨境电商'], index: 'portal_business' },
  { q: '私域流量', titleHas: ['私域流量'], index: 'portal_insight' },
  { q: '直播电商', titleHas: ['直播电商'], index: 'portal_insight' },
  { q: '光伏', titleHas: ['光伏'], index: 'portal_report' },
  { q: '半导体', titleHas: ['半导体'], index: 'portal_insight' },
  { q: '人工智能大模型', titleHas: ['人工智能大模型'], index: 'portal_business' },
  { q: '咖啡茶饮', titleHas: ['咖啡茶饮'], index: 'portal_insight' },
  { q: '白酒', titleHas: ['白酒'], index: 'portal_business' },
  { q: '医美', titleHas: ['医美'], index: 'portal_business' },
  { q: '母婴', titleHas: ['母婴'], index: 'portal_business' },
  { q: '宠物经济', titleHas: ['宠物经济'], index: 'portal_business' },
  { q: '出海品牌', titleHas: ['出海品牌'], index: 'portal_insight' },
  { q: '国潮', titleHas: ['国潮'], index: 'portal_business' },
  { q: '霸王茶姬', titleHas: ['霸王茶姬'], index: 'mockup_open_screen' },
  { q: '贵州茅台', titleHas: ['贵州茅台'], index: 'portal_business' },
  { q: '瑞幸咖啡 生椰拿铁', titleHas: ['瑞幸咖啡', '生椰拿铁'], index: 'mockup_open_screen' },
  { q: '元气森林 气泡水', titleHas: ['元气森林', '气泡水'], index: 'mockup_open_screen' },
  { q: '舆情监测周报', titleHas: ['舆情监测周报'], index: 'portal_insight' },
  { q: '竞品对比分析', titleHas: ['竞品对比分析'], index: 'portal_insight' },
  { q: '消费人群画像', titleHas: ['消费人群画像'], index: 'portal_insight' },
  { q: '数据看板', titleHas: ['数据看板'], index: 'portal_insight' },
  { q: '渠道零售监测', titleHas: ['渠道零售监测'], index: 'portal_insight' },
  { q: '隆基绿能', titleHas: ['隆基绿能'], index: 'portal_report' },
  { q: '固态电池', titleHas: ['固态电池'], index: 'portal_business' },
  { q: '东方甄选', titleHas: ['东方甄选'], index: 'portal_insight' },
  { q: '钠离子电池', titleHas: ['钠离子电池'], index: 'portal_business' },
  { q: '智能驾驶', titleHas: ['智能驾驶'], index: 'portal_business' },
  { q: '花西子 国潮', titleHas: ['花西子', '国潮'], index: 'portal_business' },
  { q: '泡泡玛特 出海', titleHas: ['泡泡玛特', '出海'], index: 'portal_business' },
  { q: '比亚迪', tn: 'report', titleHas: ['比亚迪'], index: 'portal_report' },
  { q: '蔚来', tn: 'report', titleHas: ['蔚来'], index: 'portal_report' },
  { q: '宁德时代', tn: 'business', titleHas: ['宁德时代'], index: 'portal_business' },
  { q: '海豹', tn: 'material', titleHas: ['比亚迪', '海豹'], index: 'mockup_open_screen' },
];
