/** Chinese texts of the search feature. */
export const SEARCH_TEXT = {
  title: '搜索结果',
  titleFor: (text: string) => `“${text}”的搜索结果`,
  prompt: '输入关键词，查找报告、商业头条与洞察专题',
  listLabel: '搜索结果列表',
  total: (count: number, capped: boolean) => `共找到 ${count}${capped ? '+' : ''} 条相关结果`,
  fallback: '未找到同时包含所有关键词的结果，已为您显示包含部分关键词的内容',
  typeCounts: '各类型结果数',
  typeCount: (type: string, count: number) => `${type} ${count}`,
  synonyms: (words: readonly string[]) => `已同时搜索同义词：${words.join('、')}`,
  // 订阅此搜索 (issue 21)
  subscribe: '订阅此搜索',
  subscribing: '订阅中…',
  subscribeHint: '新结果将随每日订阅邮件发送',
  subscribed: '已订阅此搜索',
  manageAlerts: '管理搜索订阅',
} as const;
