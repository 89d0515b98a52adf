/** Chinese texts of the search feature. */
export const SEARCH_TEXT = {
  title: '搜索结果',
  query: (text: string) => `搜索“${text}”`,
} as const;
