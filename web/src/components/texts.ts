/** Chinese texts of the shared components (labels that are not spec messages). */
export const COMPONENT_TEXT = {
  tabs: '内容分类',
  sorts: '排序方式',
  backTop: '回到顶部',
  loadingMore: '正在加载更多',
  /** A report hit's page (issue 19): the page that holds the words. */
  pageN: (page: number) => `第 ${page} 页`,
  tags: '标签',
  contentTypes: {
    report: '报告',
    business: '商业头条',
    insight: '洞察专题',
    material: '素材',
  },
} as const;
