/** The calls bench:api drives, in order; the first is the baseline every ratio is read against. */
export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A new body per request (instead of `body`). */
  nextBody?: () => unknown;
  /**
   * A page as a browser asks for it (the session in its `token` cookie): the server renders the
   * screen into the HTML when the web is built (`npm run build`: web/dist-ssr).
   */
  page?: boolean;
};

/** Words of the demo library; pairs of them make thousands of distinct two-word searches. */
const WORDS = [
  '新能源汽车',
  '动力电池',
  '宁德时代',
  '跨境电商',
  '私域流量',
  '直播电商',
  '人工智能',
  '半导体',
  '光伏',
  '储能',
  '消费者',
  '品牌',
  '增长',
  '市场',
  '渠道',
  '供应链',
  '出海',
  '医疗器械',
  '创新药',
  '咖啡',
  '茶饮',
  '美妆',
  '快消',
  '物流',
  '云计算',
  '数据中心',
  '芯片',
  '汽车',
  '充电桩',
  '氢能',
  '零售',
  '会员',
  '小程序',
  '短视频',
  '营销',
  '用户',
  '行业',
  '政策',
  '投资',
  '融资',
];

/** Walks every pair of WORDS on pages 1–3: ~4,800 distinct searches, so few repeat within a run. */
function distinctSearches(): () => unknown {
  let n = 0;
  return () => {
    const i = n++;
    const a = WORDS[i % WORDS.length];
    const b = WORDS[Math.floor(i / WORDS.length) % WORDS.length];
    const page = 1 + (Math.floor(i / (WORDS.length * WORDS.length)) % 3);
    return { tn: 'all', keyword: a === b ? a : `${a} ${b}`, page };
  };
}

export const scenarios: Scenario[] = [
  { name: 'baseline: GET /api/health (liveness, no query)', method: 'GET', path: '/api/health' },
  { name: 'GET /api/menu (auth + small query)', method: 'GET', path: '/api/menu' },
  {
    name: 'search 新能源汽车 (relevance)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', keyword: '新能源汽车' },
  },
  {
    name: 'search 动力电池 宁德时代 (AND)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', keyword: '动力电池 宁德时代' },
  },
  {
    name: 'search 跨境电商 newest',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', keyword: '跨境电商', psort: 'new' },
  },
  {
    name: 'search, ~4,800 distinct two-word queries (mostly uncached)',
    method: 'POST',
    path: '/api/search',
    nextBody: distinctSearches(),
  },
  {
    name: 'list reports newest (no keyword)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'report', psort: 'new' },
  },
  {
    name: 'list all hot (no keyword)',
    method: 'POST',
    path: '/api/search',
    body: { tn: 'all', psort: 'hot' },
  },
  // The server render of a signed-in screen with its first data (server/src/http/ssr.ts).
  { name: 'page /homepage (HTML with the rendered screen)', method: 'GET', path: '/homepage', page: true },
  // Every detail view counts; counts are summed in memory and written once a second (COUNT_FLUSH_MS).
  {
    name: 'report detail (counts a view)',
    method: 'POST',
    path: '/api/detail',
    body: { detail_id: '1', index: 'portal_report' },
  },
];
