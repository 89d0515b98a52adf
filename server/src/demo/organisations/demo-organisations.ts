import { DEMO_PUBLISHERS, type DemoPublisher } from '../pdf/industries.ts';

/** One demo product: a title, a one-line pitch and the paragraphs of its page. */
export type DemoProduct = { title: string; pitch: string; points: readonly string[] };

export type DemoOrganisation = {
  name: string;
  /** Latin slug for file names, e-mail addresses and web addresses. */
  slug: string;
  introduction: string;
  products: readonly DemoProduct[];
};

/** Brand companies: their real product lines, described in a neutral, brochure tone. */
const COMPANY_PAGES: Readonly<Record<string, Omit<DemoOrganisation, 'name'>>> = {
  宁德时代: {
    slug: 'catl',
    introduction:
      '全球领先的新能源创新科技公司，专注于动力电池及储能电池的研发、生产和销售，致力于为全球新能源应用提供一流解决方案。',
    products: [
      {
        title: '麒麟电池',
        pitch: '第三代CTP技术，体积利用率突破72%',
        points: [
          '系统能量密度可达255Wh/kg，支持整车续航1000公里。',
          '多功能弹性夹层设计，兼顾热管理与结构强度。',
          '支持5分钟快速热启动及10分钟快充至80%。',
        ],
      },
      {
        title: '神行超充电池',
        pitch: '4C超充磷酸铁锂电池，充电10分钟续航400公里',
        points: [
          '全温域快充，零下10℃环境30分钟可充至80%。',
          '超电子网正极与快离子环石墨负极协同提升倍率性能。',
          '已在多款主流车型上实现量产装车。',
        ],
      },
      {
        title: 'EnerC储能系统',
        pitch: '面向电网侧与工商业的集装箱式储能',
        points: [
          '单柜容量可达3.72MWh，循环寿命超过10000次。',
          '液冷温控，电芯温差控制在3℃以内。',
          '提供从方案设计到运维的一体化服务。',
        ],
      },
    ],
  },
  比亚迪: {
    slug: 'byd',
    introduction: '业务横跨汽车、轨道交通、新能源和电子四大产业，是全球新能源汽车产销量领先的企业之一。',
    products: [
      {
        title: '刀片电池',
        pitch: '以安全为核心的磷酸铁锂电池技术',
        points: [
          '通过针刺试验无明火、无冒烟。',
          '结构创新使电池包体积利用率提升50%以上。',
          '全系新能源车型标配。',
        ],
      },
      {
        title: 'DM-i超级混动',
        pitch: '以电为主的插电混动技术平台',
        points: ['亏电油耗低至3.8L/100km。', '综合续航可超过2000公里。', '覆盖轿车、SUV与MPV多个细分市场。'],
      },
      {
        title: '海豹',
        pitch: '纯电中大型轿车，CTB电池车身一体化',
        points: ['零百加速最快3.8秒。', '整车扭转刚度达40500N·m/°。', '搭载智能座舱与高阶辅助驾驶。'],
      },
    ],
  },
  隆基绿能: {
    slug: 'longi',
    introduction: '全球领先的太阳能科技公司，业务覆盖单晶硅片、电池组件、分布式光伏解决方案与绿电制氢。',
    products: [
      {
        title: 'Hi-MO 9组件',
        pitch: '基于HPBC 2.0电池技术的高效组件',
        points: [
          '组件最高功率可达670W，转换效率24.43%。',
          '更优的弱光表现与更低的衰减。',
          '适用于大型地面电站与复杂地形。',
        ],
      },
      {
        title: '分布式光伏解决方案',
        pitch: '工商业与户用屋顶一站式光伏',
        points: [
          '提供屋顶评估、设计、安装到运维的全流程服务。',
          '智能监控平台实时查看发电收益。',
          '多种融资模式降低初始投入。',
        ],
      },
      {
        title: '绿电制氢装备',
        pitch: 'ALK碱性电解水制氢设备',
        points: ['单槽产氢量可达1000Nm³/h。', '直流电耗低至4.1kWh/Nm³。', '支持风光波动电源的宽功率运行。'],
      },
    ],
  },
  蔚来: {
    slug: 'nio',
    introduction: '高端智能电动汽车品牌，以换电体系与用户社区为特色，提供车辆、补能与生活方式的整体体验。',
    products: [
      {
        title: '蔚来ES6',
        pitch: '智能电动中型SUV',
        points: ['支持车电分离与灵活升级电池。', '搭载高算力智能驾驶平台。', '全系支持换电服务。'],
      },
      {
        title: '换电站',
        pitch: '三分钟换上满电电池',
        points: [
          '全国换电站数量持续增长，覆盖主要高速线路。',
          '自动泊入，全程无需下车。',
          '电池健康状态统一检测与维护。',
        ],
      },
    ],
  },
  元气森林: {
    slug: 'genki-forest',
    introduction: '以用户为中心的新消费饮料品牌，产品覆盖气泡水、电解质水、茶饮与乳品。',
    products: [
      {
        title: '元气森林气泡水',
        pitch: '0糖0脂0卡的气泡水',
        points: [
          '采用赤藓糖醇代糖，口感清爽。',
          '白桃、青瓜、夏黑葡萄等多种口味。',
          '全国便利店与商超渠道在售。',
        ],
      },
      {
        title: '外星人电解质水',
        pitch: '运动与加班场景的补水饮料',
        points: [
          '含钠、钾等电解质，快速补充流失矿物质。',
          '0糖配方，适合日常饮用。',
          '赞助多项马拉松与电竞赛事。',
        ],
      },
      {
        title: '燃茶',
        pitch: '无糖茶饮料',
        points: ['乌龙茶底，添加膳食纤维。', '面向控糖人群的日常茶饮。'],
      },
    ],
  },
  泡泡玛特: {
    slug: 'popmart',
    introduction: '潮流文化娱乐公司，围绕艺术家发掘、IP孵化运营、消费者触达与潮玩文化推广打造综合平台。',
    products: [
      {
        title: 'MOLLY系列盲盒',
        pitch: '经典IP的年度主题系列',
        points: [
          '每季推出新主题，隐藏款惊喜。',
          '线下门店与机器人商店同步发售。',
          '联名系列覆盖艺术、动漫与城市文化。',
        ],
      },
      {
        title: 'DIMOO手办',
        pitch: '梦境主题的收藏级潮玩',
        points: ['精致涂装与多种材质工艺。', '限量发售，附带收藏证书。'],
      },
      {
        title: '泡泡玛特城市乐园',
        pitch: '潮玩IP主题乐园',
        points: ['沉浸式IP场景与互动体验。', '限定商品与主题餐饮。', '全年举办潮玩展与艺术家见面会。'],
      },
    ],
  },
};

/** Research houses sell research products; their names and focus make each page distinct. */
const RESEARCH_SERVICES: readonly ((focus: string) => DemoProduct)[] = [
  (focus) => ({
    title: `${focus}行业景气数据库`,
    pitch: '按月更新的行业核心指标与景气指数',
    points: [
      '覆盖产量、价格、库存与进出口等200余项指标。',
      '支持在线查询、图表对比与数据导出。',
      '每月发布景气度解读简报。',
    ],
  }),
  (focus) => ({
    title: `${focus}消费者调研服务`,
    pitch: '定量问卷与定性访谈相结合的用户研究',
    points: [
      '样本覆盖一至五线城市，可按人群配额抽样。',
      '提供用户画像、购买决策路径与品牌认知分析。',
      '两周内交付完整调研报告。',
    ],
  }),
  (focus) => ({
    title: '品牌健康度追踪',
    pitch: '季度追踪品牌认知、考虑与推荐',
    points: [
      `对比${focus}赛道主要竞品的品牌漏斗表现。`,
      '结合社交媒体声量与情感分析。',
      '为营销投放提供量化依据。',
    ],
  }),
  (focus) => ({
    title: `${focus}专家访谈`,
    pitch: '连接产业一线专家的深度访谈',
    points: ['专家库覆盖产业链上下游。', '一对一电话或线下访谈，48小时内安排。', '提供访谈纪要与要点提炼。'],
  }),
];

const RESEARCH_FOCUS = ['新消费', '新能源', '科技', '医疗健康', '金融', '产业', '零售', '宏观', '制造业'];
const RESEARCH_SLUGS = [
  'huaxin',
  'dongjian',
  'xingtu',
  'yuanchuan',
  'zhonghe',
  'haichuan',
  'minglue',
  'qiyuan',
  'lanjing',
];

function researchPage(publisher: DemoPublisher, i: number): Omit<DemoOrganisation, 'name'> {
  const focus = RESEARCH_FOCUS[i % RESEARCH_FOCUS.length] ?? '产业';
  const count = 2 + (i % 3);
  return {
    slug: RESEARCH_SLUGS[i % RESEARCH_SLUGS.length] ?? `research-${i}`,
    introduction: `${publisher.name}是专注于${focus}领域的独立研究机构，长期跟踪产业变化，为企业与投资机构提供研究报告、数据服务与咨询支持。`,
    products: RESEARCH_SERVICES.slice(0, count).map((make) => make(focus)),
  };
}

/** Every demo report publisher gets an organisation page: 6 brand companies and 9 research houses. */
export function demoOrganisations(): DemoOrganisation[] {
  let research = 0;
  return DEMO_PUBLISHERS.map((p) => {
    const page = COMPANY_PAGES[p.name] ?? researchPage(p, research++);
    return { name: p.name, ...page };
  });
}

/** Video pages (relation content) of a product: a launch film and a customer story. */
export function demoVideos(
  organ: string,
  product: DemoProduct,
): { title: string; paragraphs: string[]; duration: number }[] {
  return [
    {
      title: `${product.title}发布会精彩回顾`,
      duration: 180 + product.title.length * 7,
      paragraphs: [`${organ}在发布会上正式介绍了${product.title}：${product.pitch}。`, ...product.points],
    },
    {
      title: `客户说｜${product.title}的使用体验`,
      duration: 95 + product.title.length * 5,
      paragraphs: [
        `来自不同行业的客户分享了选择${product.title}的原因与使用后的变化。`,
        product.points[0] ?? product.pitch,
        '以下内容仅向已授权用户开放完整版本。',
      ],
    },
  ];
}

/** Social accounts of a page; the URLs point at the platforms' search pages for the name. */
export function demoSocialAccounts(name: string): { name: string; url: string }[] {
  const q = encodeURIComponent(name);
  return [
    { name: '微信公众号', url: `https://weixin.sogou.com/weixin?type=1&query=${q}` },
    { name: '微博', url: `https://s.weibo.com/weibo?q=${q}` },
    { name: '抖音', url: `https://www.douyin.com/search/${q}` },
  ];
}
