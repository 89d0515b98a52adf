import { INBOX_STATUSES, type TInboxChange, type TInboxStatus } from '@portal/contract';
import { Timeline, Typography } from 'antd';
import { formatTime } from '../../components/formatTime.ts';
import { INBOX_TEXT } from './inboxTexts.ts';

const isStatus = (v: string): v is TInboxStatus => (INBOX_STATUSES as readonly string[]).includes(v);

/** A field's value as the screen names it: status labels, 未指派 for nobody, （空） for an empty note. */
function shown(change: TInboxChange, value: string): string {
  if (change.field === 'status') {
    return isStatus(value) ? INBOX_TEXT.status[value] : value;
  }
  if (value === '') {
    return change.field === 'assignee' ? INBOX_TEXT.nobody : INBOX_TEXT.empty;
  }
  return value;
}

/**
 * 处理记录: every saved change of the item's status, assignee and internal note, oldest first —
 * who, when, and from → to (read from the audit log by the server). Text only, never HTML.
 */
export function InboxChanges({ changes }: { changes: readonly TInboxChange[] }) {
  if (changes.length === 0) {
    return <Typography.Text type="secondary">{INBOX_TEXT.noChanges}</Typography.Text>;
  }
  return (
    <Timeline
      aria-label={INBOX_TEXT.changes}
      items={changes.map((c) => ({
        key: `${c.id}-${c.field}`,
        content: (
          <div data-testid="inbox-change">
            <Typography.Text type="secondary">{`${formatTime(c.at)} · ${c.admin}`}</Typography.Text>
            <div className="admin-cell-text">
              {`${INBOX_TEXT.changeField[c.field]}：${shown(c, c.from)} → ${shown(c, c.to)}`}
            </div>
          </div>
        ),
      }))}
    />
  );
}
