/** Chinese texts of the report feature. */
export const REPORT_TEXT = {
  listTitle: '报告',
  listLabel: '报告列表',
  detailsTitle: '报告详情',
} as const;
