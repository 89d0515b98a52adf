/** Chinese texts of the /digest_mute page (a digest section's 不再接收 link). */
export const MUTE_TEXT = {
  title: '不再接收',
  brand: '洞察门户',
  loading: '正在读取订阅信息…',
  keyword: '关键词',
  alert: '搜索订阅',
  explainKeyword:
    '确认后，每日订阅邮件不再发送该关键词的头条；商业头条页面仍会显示它。可随时在订阅设置中恢复接收。',
  explainAlert: '确认后，该搜索订阅将暂停，每日订阅邮件不再发送它的新结果。可随时在订阅设置中恢复。',
  confirm: '不再接收',
  working: '正在处理…',
  doneTitle: '已不再接收',
  already: '已不再接收，每日订阅邮件不会再发送它。',
  undo: '如需恢复，请登录后在订阅设置的“邮件推送”中恢复接收。',
  settings: '前往订阅设置',
  home: '返回首页',
  login: '登录后恢复接收',
  failedTitle: '链接无效',
} as const;
