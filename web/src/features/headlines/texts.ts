/** Chinese texts of the headlines feature. */
export const HEADLINES_TEXT = {
  listTitle: '商业头条',
  detailsTitle: '头条详情',
  sharedTitle: '商业头条',
  viewDetails: '查看详情',
  contentDialog: '头条内容',
  contentFrame: '头条正文',
  source: '来源',
  publishTime: '发布时间',
  viewSource: '查看原文',
  noContent: '暂无正文内容',
  loginForMore: '登录后查看完整内容',
  loginNow: '立即登录',
} as const;
