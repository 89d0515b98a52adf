import { shanghaiMinute, type TInboxItem, type TInboxKind, type TInboxStatus } from '@portal/contract';

export const STATUS_WORDS: Record<TInboxStatus, string> = {
  new: '新建',
  in_progress: '处理中',
  done: '已完成',
};

const CONTENT_HEADER: Record<TInboxKind, string> = {
  feedback: '反馈内容',
  enquiry: '需求说明',
  claim: '认领说明',
};

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return that hides one) gets a leading apostrophe, so it shows as typed; every cell
 * is quoted, inner quotes doubled.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The header row of a kind's export. */
export function csvHeader(kind: TInboxKind): string {
  return csvLine([
    '编号',
    '提交时间',
    '状态',
    '处理人',
    '姓名',
    '手机',
    '联系方式',
    ...(kind === 'feedback' ? [] : ['机构']),
    CONTENT_HEADER[kind],
    '回复次数',
    '内部备注',
  ]);
}

export function csvRow(kind: TInboxKind, item: TInboxItem & { note: string }): string {
  return csvLine([
    item.id,
    shanghaiMinute(item.created_at),
    STATUS_WORDS[item.status],
    item.assignee,
    item.name,
    item.phone,
    item.contact,
    ...(kind === 'feedback' ? [] : [item.organisation]),
    item.content,
    item.replies,
    item.note,
  ]);
}

/** UTF-8 with a byte-order mark, so Excel opens the Chinese text as UTF-8. */
export const CSV_BOM = '\uFEFF';
