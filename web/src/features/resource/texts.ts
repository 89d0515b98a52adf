/** Chinese texts of the resource screen. */
export const RESOURCE_TEXT = {
  title: '资源库',
  description: '报告、商业头条、洞察专题与素材，一处浏览',
  listLabel: '资源列表',
  searchingFor: (keyword: string) => `“${keyword}”的资源`,
  clear: '清除搜索',
} as const;
