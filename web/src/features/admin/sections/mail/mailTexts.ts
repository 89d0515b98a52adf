import type { TDigestStatus, TSuppressionReason } from '@portal/contract';

/** The mail section's words (邮件). */
export const MAIL_TEXT = {
  title: '邮件',
  tabRuns: '发送记录',
  tabDeliveries: '投递明细',
  tabSuppressed: '退订与停用',
  runToday: '立即发送今日摘要',
  running: '今日摘要发送中…',
  confirmRunTitle: '立即发送今日摘要？',
  confirmRunBody:
    '将为今天还没有收到摘要的订阅用户生成并发送摘要，已收到今日摘要的用户不会重复收到。08:00 的定时发送照常进行。',
  confirmRunOk: '立即发送',
  runDone: (sent: number, failed: number, planned: number) =>
    `已生成 ${planned} 封，发送成功 ${sent} 封${failed > 0 ? `，失败 ${failed} 封` : ''}`,
  day: '摘要日期',
  trigger: '触发方式',
  triggerLabel: { schedule: '定时 08:00', manual: '手动', bench: '压测' } as Record<string, string>,
  runStatus: '生成状态',
  runStatusLabel: { planning: '生成中', planned: '已生成', failed: '生成失败' } as Record<string, string>,
  subscribers: '订阅用户',
  planned: '生成',
  sent: '已发送',
  failed: '失败',
  skipped: '跳过',
  pending: '待发送',
  startedAt: '开始时间',
  finishedAt: '结束时间',
  viewDeliveries: '查看投递',
  user: '用户',
  email: '邮箱',
  headlines: '头条数',
  status: '状态',
  allStatuses: '全部状态',
  statusLabel: {
    planned: '待发送',
    sending: '发送中',
    sent: '已发送',
    failed: '失败',
    skipped: '已跳过',
  } satisfies Record<TDigestStatus, string>,
  attempts: '尝试次数',
  sentAt: '发送时间',
  nextAttempt: '下次重试',
  error: '错误 / 原因',
  runFilter: (id: number) => `发送记录 #${id}`,
  resend: '重发',
  confirmResendTitle: (email: string) => `重发摘要给 ${email}？`,
  confirmResendBody: (day: string) =>
    `按 ${day} 摘要的原内容再发送一封（已下线的头条不再包含），会记入审计日志。`,
  resent: (email: string) => `已重发至 ${email}`,
  reason: '原因',
  reasonLabel: { unsubscribed: '已退订', disabled: '账号已停用' } satisfies Record<
    TSuppressionReason,
    string
  >,
  allReasons: '全部原因',
  source: '来源',
  sourceLabel: { email: '邮件退订链接', others: '订阅设置' } as Record<string, string>,
  since: '时间',
  suppressedNote:
    '以上地址不会收到摘要。退订是用户本人的选择，只能由用户在订阅设置中重新订阅；停用的账号可在“用户”中启用。系统未单独记录退信：发送失败见投递明细。',
} as const;
