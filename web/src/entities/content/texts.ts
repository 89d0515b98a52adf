/** Chinese texts of the content search box (the search page and the resource list use it). */
export const SEARCH_FORM_TEXT = {
  boxLabel: '关键词',
  boxPlaceholder: '输入关键词，搜索报告、头条、专题',
  submit: '查询',
} as const;
