/** Chinese texts shared by the detail pages (report, headline, analysis, material). */
export const DETAIL_TEXT = {
  useful: '有用',
  usefulOn: '已有用',
  favorite: '收藏',
  favorited: '已收藏',
  comingSoon: '即将上线',
  qrAlt: '扫码分享',
  qrHint: '微信扫一扫 分享',
  recommendations: '相关推荐',
  recommendationsList: '相关推荐列表',
  errorTitle: '内容加载失败',
  errorHint: '请检查网络后重试',
  retry: '重新加载',
  backHome: '返回首页',
  crashTitle: '页面出错了',
  crashHint: '请刷新页面后重试',
  reload: '刷新页面',
} as const;
