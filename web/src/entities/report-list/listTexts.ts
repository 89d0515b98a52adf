/** Chinese texts of the report list's filters and views (issue 19). */
export const REPORT_LIST_TEXT = {
  filters: '筛选报告',
  industry: '行业',
  publisher: '发布机构',
  pages: '页数',
  dates: '发布日期',
  dateFrom: '开始日期',
  dateTo: '结束日期',
  all: (label: string) => `全部${label}`,
  withCount: (value: string, count: number) => `${value}（${count}）`,
  clear: '清除筛选',
  total: (count: number, capped: boolean) => `共 ${count}${capped ? '+' : ''} 份报告`,
  view: '显示方式',
  grid: '封面',
  rows: '列表',
  pageCount: (n: number) => `${n}页`,
  rowLabel: '报告',
} as const;
