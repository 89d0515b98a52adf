/** Chinese texts of system screens. */
export const SYSTEM_TEXT = {
  notFoundTitle: '页面不存在',
  notFoundHint: '抱歉，您访问的页面不存在或已被移除。',
  backHome: '返回首页',
} as const;
