import type { TAdminFeedPollReply, TFeedSchedule } from '@portal/contract';

/** The feed-sources section's words (the menu label is `FEED_TEXT.section`). */
export const FEED_TEXT = {
  section: '资讯源',
  add: '添加资讯源',
  edit: '编辑资讯源',
  colName: '名称',
  colCategory: '分类',
  colSchedule: '抓取计划',
  colEnabled: '启用',
  colLastFetch: '上次抓取',
  colResult: '结果',
  colCounts: '新增 / 更新 / 跳过',
  actions: '操作',
  pollNow: '立即抓取',
  editAction: '编辑',
  remove: '删除',
  fieldUrl: '订阅地址（RSS / Atom / RDF / JSON Feed）',
  fieldName: '名称（作为头条来源显示）',
  fieldCategory: '分类或行业（可选）',
  fieldSchedule: '抓取计划',
  fieldInterval: '间隔（分钟）',
  fieldEnabled: '启用',
  scheduleWeekdays: '工作日 07:50（早于 08:00 订阅邮件）',
  scheduleInterval: '每隔 N 分钟',
  everyMinutes: (n: number | null) => `每 ${n ?? '—'} 分钟`,
  weekdays: '工作日 07:50',
  statusOk: '成功',
  statusError: '失败',
  statusNever: '未抓取',
  save: '保存',
  cancel: '取消',
  saved: '保存成功',
  created: '已添加',
  confirmRemove: (name: string) => `删除资讯源「${name}」？`,
  confirmRemoveBody: '将不再抓取该资讯源；已经抓取的头条会保留。',
  pollResult: (r: TAdminFeedPollReply) =>
    `抓取完成：新增 ${r.added} 条，更新 ${r.updated} 条，跳过 ${r.skipped} 条`,
  pollFailed: (error: string) => `抓取失败：${error}`,
  empty: '还没有资讯源。添加一个 RSS、Atom 或 JSON Feed 地址，新的条目会作为商业头条发布。',
} as const;

export function scheduleLabel(schedule: TFeedSchedule, interval: number | null): string {
  return schedule === 'every_n_minutes' ? FEED_TEXT.everyMinutes(interval) : FEED_TEXT.weekdays;
}
