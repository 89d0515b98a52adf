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
  /** The report industry (`DEMO_INDUSTRIES`) it belongs to: topics cite reports of it. */
  industry: string;
};

export const DEMO_TOPICS: readonly DemoTopic[] = [
  {
    name: '新能源汽车',
    industry: '新能源汽车',
    companies: ['比亚迪', '蔚来', '理想汽车', '小鹏汽车'],
    words: ['智能驾驶', '充电桩', '渗透率'],
  },
  {
    name: '动力电池',
    industry: '新能源汽车',
    companies: ['宁德时代', '比亚迪', '国轩高科'],
    words: ['固态电池', '钠离子电池', '装机量'],
  },
  {
    name: '宁德时代',
    industry: '新能源汽车',
    companies: ['宁德时代'],
    words: ['麒麟电池', '储能', '海外工厂'],
    sector: '动力电池',
    peers: ['比亚迪', '国轩高科', 'LG新能源'],
  },
  {
    name: '跨境电商',
    industry: '跨境电商',
    companies: ['SHEIN', 'Temu', '安克创新'],
    words: ['独立站', '海外仓', '全托管'],
  },
  {
    name: '私域流量',
    industry: '直播电商',
    companies: ['瑞幸咖啡', '名创优品', '完美日记'],
    words: ['企业微信', '会员运营', '社群'],
  },
  {
    name: '直播电商',
    industry: '直播电商',
    companies: ['东方甄选', '交个朋友', '抖音电商'],
    words: ['品牌自播', '达人带货', '退货率'],
  },
  {
    name: '光伏',
    industry: '光伏',
    companies: ['隆基绿能', '通威股份', '晶科能源'],
    words: ['硅料', '组件', 'N型电池'],
  },
  {
    name: '半导体',
    industry: '半导体',
    companies: ['中芯国际', '北方华创', '韦尔股份'],
    words: ['国产替代', '晶圆代工', '先进封装'],
  },
  {
    name: '人工智能大模型',
    industry: '人工智能',
    companies: ['百度', '科大讯飞', '智谱', '月之暗面'],
    words: ['算力', '智能体', '多模态'],
  },
  {
    name: '咖啡茶饮',
    industry: '咖啡茶饮',
    companies: ['瑞幸咖啡', '蜜雪冰城', '喜茶', '霸王茶姬'],
    words: ['新茶饮', '门店加盟', '下沉市场'],
  },
  {
    name: '白酒',
    industry: '白酒',
    companies: ['贵州茅台', '五粮液', '泸州老窖'],
    words: ['渠道库存', '次高端', '批价'],
  },
  {
    name: '医美',
    industry: '医美',
    companies: ['爱美客', '华熙生物', '巨子生物'],
    words: ['轻医美', '玻尿酸', '胶原蛋白'],
  },
  {
    name: '母婴',
    industry: '母婴',
    companies: ['飞鹤', '孩子王', '贝因美'],
    words: ['婴幼儿奶粉', '出生人口', '育儿补贴'],
  },
  {
    name: '宠物经济',
    industry: '宠物经济',
    companies: ['乖宝宠物', '中宠股份', '佩蒂股份'],
    words: ['宠物食品', '宠物医疗', '猫经济'],
  },
  {
    name: '出海品牌',
    industry: '跨境电商',
    companies: ['安克创新', '泡泡玛特', '名创优品'],
    words: ['全球化', '本地化运营', '东南亚'],
  },
  {
    name: '国潮',
    industry: '新消费',
    companies: ['李宁', '花西子', '泡泡玛特'],
    words: ['国货', '文创', '非遗'],
  },
  {
    name: '新消费',
    industry: '新消费',
    companies: ['元气森林', '泡泡玛特', '花西子'],
    words: ['无糖饮料', '潮玩', '国货美妆'],
  },
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

/**
 * What each demo company is and makes: company news names its own market and products
 * (a plant builds 婴幼儿奶粉, not 出生人口), whichever topic brought the company up.
 */
export const DEMO_COMPANIES: Readonly<Record<string, { market: string; products: readonly string[] }>> = {
  比亚迪: { market: '新能源汽车', products: ['插混车型', '刀片电池', '纯电车型'] },
  蔚来: { market: '新能源汽车', products: ['换电站', '纯电SUV'] },
  理想汽车: { market: '新能源汽车', products: ['增程车型', '智能驾驶'] },
  小鹏汽车: { market: '新能源汽车', products: ['智能驾驶', '纯电轿车'] },
  宁德时代: { market: '动力电池', products: ['麒麟电池', '钠离子电池', '储能电池'] },
  国轩高科: { market: '动力电池', products: ['磷酸铁锂电池', '固态电池'] },
  SHEIN: { market: '跨境电商', products: ['快时尚服饰', '独立站'] },
  Temu: { market: '跨境电商', products: ['全托管', '海外仓'] },
  安克创新: { market: '消费电子', products: ['充电宝', '储能电源', '智能安防'] },
  瑞幸咖啡: { market: '咖啡茶饮', products: ['生椰拿铁', '现制咖啡'] },
  名创优品: { market: '生活零售', products: ['IP联名产品', '香氛'] },
  完美日记: { market: '国货美妆', products: ['彩妆', '护肤品'] },
  东方甄选: { market: '直播电商', products: ['自营农产品', '品牌自播'] },
  交个朋友: { market: '直播电商', products: ['品牌自播', '达人带货'] },
  抖音电商: { market: '直播电商', products: ['货架电商', '达人带货'] },
  隆基绿能: { market: '光伏', products: ['BC电池', '光伏组件'] },
  通威股份: { market: '光伏', products: ['硅料', 'N型电池'] },
  晶科能源: { market: '光伏', products: ['N型组件', '储能'] },
  中芯国际: { market: '半导体', products: ['晶圆代工', '成熟制程'] },
  北方华创: { market: '半导体', products: ['刻蚀设备', '薄膜沉积设备'] },
  韦尔股份: { market: '半导体', products: ['图像传感器', '车规芯片'] },
  百度: { market: '人工智能大模型', products: ['文心大模型', '智能体'] },
  科大讯飞: { market: '人工智能大模型', products: ['星火大模型', '学习机'] },
  智谱: { market: '人工智能大模型', products: ['GLM大模型', '智能体'] },
  月之暗面: { market: '人工智能大模型', products: ['长文本模型', '多模态'] },
  蜜雪冰城: { market: '咖啡茶饮', products: ['柠檬水', '现制茶饮'] },
  喜茶: { market: '咖啡茶饮', products: ['轻乳茶', '新茶饮'] },
  霸王茶姬: { market: '咖啡茶饮', products: ['伯牙绝弦', '原叶鲜奶茶'] },
  贵州茅台: { market: '白酒', products: ['飞天茅台', '茅台1935'] },
  五粮液: { market: '白酒', products: ['普五', '次高端产品'] },
  泸州老窖: { market: '白酒', products: ['国窖1573', '特曲'] },
  爱美客: { market: '医美', products: ['玻尿酸', '再生材料'] },
  华熙生物: { market: '医美', products: ['玻尿酸', '功能性护肤品'] },
  巨子生物: { market: '医美', products: ['胶原蛋白', '医用敷料'] },
  飞鹤: { market: '母婴', products: ['婴幼儿奶粉', '星飞帆'] },
  孩子王: { market: '母婴', products: ['母婴门店', '育儿服务'] },
  贝因美: { market: '母婴', products: ['婴幼儿奶粉', '儿童营养品'] },
  乖宝宠物: { market: '宠物经济', products: ['宠物食品', '猫粮'] },
  中宠股份: { market: '宠物经济', products: ['宠物零食', '宠物食品'] },
  佩蒂股份: { market: '宠物经济', products: ['宠物咀嚼食品', '宠物营养品'] },
  泡泡玛特: { market: '潮玩', products: ['MOLLY', '盲盒', '潮玩'] },
  李宁: { market: '国潮运动', products: ['跑鞋', '国潮服饰'] },
  花西子: { market: '国潮美妆', products: ['空气散粉', '东方彩妆'] },
  元气森林: { market: '无糖饮料', products: ['气泡水', '电解质水'] },
};
