/** Chinese texts of the legal feature. */
export const LEGAL_TEXT = {
  privacyTitle: '用户隐私政策',
  backToLogin: '返回登录',
  loading: '加载中...',
} as const;
