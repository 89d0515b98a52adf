/**
 * The business topics demo headlines, insight topics and materials are written around, with
 * the companies and related words each brings. Also fed to the segmenter's user dictionary so
 * these names come out as single words.
 */
export type DemoTopic = {
  name: string;
  companies: readonly string[];
  words: readonly string[];
  /** For a topic that is a company: the market it is in, and its peers. */
  sector?: string;
  peers?: readonly string[];
};

export const DEMO_TOPICS: readonly DemoTopic[] = [
  {
    name: '新能源汽车',
    companies: ['比亚迪', '蔚来', '理想汽车', '小鹏汽车'],
    words: ['智能驾驶', '充电桩', '渗透率'],
  },
  {
    name: '动力电池',
    companies: ['宁德时代', '比亚迪', '国轩高科'],
    words: ['固态电池', '钠离子电池', '装机量'],
  },
  {
    name: '宁德时代',
    companies: ['宁德时代'],
    words: ['麒麟电池', '储能', '海外工厂'],
    sector: '动力电池',
    peers: ['比亚迪', '国轩高科', 'LG新能源'],
  },
  { name: '跨境电商', companies: ['SHEIN', 'Temu', '安克创新'], words: ['独立站', '海外仓', '全托管'] },
  {
    name: '私域流量',
    companies: ['瑞幸咖啡', '名创优品', '完美日记'],
    words: ['企业微信', '会员运营', '社群'],
  },
  {
    name: '直播电商',
    companies: ['东方甄选', '交个朋友', '抖音电商'],
    words: ['品牌自播', '达人带货', '退货率'],
  },
  { name: '光伏', companies: ['隆基绿能', '通威股份', '晶科能源'], words: ['硅料', '组件', 'N型电池'] },
  {
    name: '半导体',
    companies: ['中芯国际', '北方华创', '韦尔股份'],
    words: ['国产替代', '晶圆代工', '先进封装'],
  },
  {
    name: '人工智能大模型',
    companies: ['百度', '科大讯飞', '智谱', '月之暗面'],
    words: ['算力', '智能体', '多模态'],
  },
  {
    name: '咖啡茶饮',
    companies: ['瑞幸咖啡', '蜜雪冰城', '喜茶', '霸王茶姬'],
    words: ['新茶饮', '门店加盟', '下沉市场'],
  },
  { name: '白酒', companies: ['贵州茅台', '五粮液', '泸州老窖'], words: ['渠道库存', '次高端', '批价'] },
  { name: '医美', companies: ['爱美客', '华熙生物', '巨子生物'], words: ['轻医美', '玻尿酸', '胶原蛋白'] },
  { name: '母婴', companies: ['飞鹤', '孩子王', '贝因美'], words: ['婴幼儿奶粉', '出生人口', '育儿补贴'] },
  {
    name: '宠物经济',
    companies: ['乖宝宠物', '中宠股份', '佩蒂股份'],
    words: ['宠物食品', '宠物医疗', '猫经济'],
  },
  {
    name: '出海品牌',
    companies: ['安克创新', '泡泡玛特', '名创优品'],
    words: ['全球化', '本地化运营', '东南亚'],
  },
  { name: '国潮', companies: ['李宁', '花西子', '泡泡玛特'], words: ['国货', '文创', '非遗'] },
];

/** Headline sources (several, as a news aggregator would have). */
export const DEMO_SOURCES: readonly { name: string; host: string }[] = [
  { name: '36氪', host: 'www.36kr.example.cn' },
  { name: '界面新闻', host: 'www.jiemian.example.cn' },
  { name: '第一财经', host: 'www.yicai.example.cn' },
  { name: '21世纪经济报道', host: 'www.21jingji.example.cn' },
  { name: '经济观察报', host: 'www.eeo.example.cn' },
  { name: '钛媒体', host: 'www.tmtpost.example.cn' },
  { name: '虎嗅', host: 'www.huxiu.example.cn' },
  { name: '财联社', host: 'www.cls.example.cn' },
];
