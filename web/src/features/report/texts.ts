/** Chinese texts of the report feature. */
export const REPORT_TEXT = {
  listTitle: '报告',
  listLabel: '报告列表',
  detailsTitle: '报告详情',
  read: '阅读报告',
  download: '下载报告',
  sourceType: '来源类型',
  industry: '行业',
  publishTime: '发布时间',
  companies: '发布机构',
  cover: '报告封面',
  pages: '报告页面',
  pageN: (n: number) => `第 ${n} 页`,
  pageCount: '页数',
  pageTotal: (n: number) => `${n} 页`,
  abstract: '摘要',
  contents: '目录',
  tags: '标签',
  /** A contents entry's link: opens the reader at its page. */
  /** After a contents entry's title, for screen readers (the page number shows alone). */
  atPage: (page: number) => `，第 ${page} 页`,
} as const;
