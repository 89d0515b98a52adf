/** The calls bench:api drives, in order; the first is the baseline every ratio is read against. */
export type Scenario = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown };

export const scenarios: Scenario[] = [
  { name: 'baseline: GET /api/health (db ping)', method: 'GET', path: '/api/health' },
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
  // Every detail view counts; counts are summed in memory and written once a second (COUNT_FLUSH_MS).
  {
    name: 'report detail (counts a view)',
    method: 'POST',
    path: '/api/detail',
    body: { detail_id: '1', index: 'portal_report' },
  },
];
