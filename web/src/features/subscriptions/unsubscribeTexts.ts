/** Chinese texts of the /unsubscribe page. */
export const UNSUBSCRIBE_TEXT = {
  title: '退订每日订阅邮件',
  brand: '洞察门户',
  loading: '正在读取订阅信息…',
  address: '接收邮箱',
  noAddress: '未设置接收邮箱',
  explain: '退订后，您将不再收到每天早上8点发送的关键词订阅邮件。您仍可以随时登录洞察门户查看商业头条。',
  confirm: '确认退订',
  working: '正在退订…',
  doneTitle: '已退订',
  already: '您已退订每日订阅邮件，不会再收到订阅邮件。',
  resubscribe: '如需重新订阅，请登录后在订阅设置中修改。',
  settings: '前往订阅设置',
  home: '返回首页',
  login: '登录洞察门户',
  failedTitle: '无法退订',
} as const;
