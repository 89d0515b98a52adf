/** Chinese texts of the analysis feature. */
export const ANALYSIS_TEXT = {
  listTitle: '洞察专题',
  listLabel: '洞察专题列表',
  detailsTitle: '专题详情',
} as const;
