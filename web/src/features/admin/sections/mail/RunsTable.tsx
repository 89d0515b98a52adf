import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TMailRun } from '@portal/contract';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { formatTime } from '../../components/formatTime.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { mailApi, mailKeys } from './mailApi.ts';
import { mailQuery } from './mailQuery.ts';
import { MAIL_TEXT } from './mailTexts.ts';

const RUN_COLORS: Record<string, string> = { planning: 'processing', planned: 'success', failed: 'error' };

/** 发送记录: one row per planning pass (08:00, 立即发送, npm run digest) with its deliveries by status. */
export function RunsTable({ onOpen }: { onOpen: (run: TMailRun) => void }) {
  const { params, pagination, onChange } = useTableParams();
  const query = mailQuery(params);
  const { data, isFetching } = useQuery({
    queryKey: mailKeys.runs(query),
    queryFn: () => mailApi.runs(query),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<TMailRun> = [
    { key: 'day', title: MAIL_TEXT.day, dataIndex: 'day', width: 110 },
    {
      key: 'trigger',
      title: MAIL_TEXT.trigger,
      width: 100,
      render: (_, r) => MAIL_TEXT.triggerLabel[r.trigger] ?? r.trigger,
    },
    {
      key: 'status',
      title: MAIL_TEXT.runStatus,
      width: 100,
      render: (_, r) => (
        <Tag color={RUN_COLORS[r.status]} title={r.error ?? undefined}>
          {MAIL_TEXT.runStatusLabel[r.status] ?? r.status}
        </Tag>
      ),
    },
    {
      key: 'planned',
      title: MAIL_TEXT.planned,
      align: 'right',
      width: 70,
      dataIndex: 'planned',
    },
    { key: 'sent', title: MAIL_TEXT.sent, align: 'right', width: 70, dataIndex: 'sent' },
    { key: 'failed', title: MAIL_TEXT.failed, align: 'right', width: 70, dataIndex: 'failed' },
    {
      key: 'skipped',
      title: MAIL_TEXT.skipped,
      align: 'right',
      width: 70,
      dataIndex: 'skipped',
    },
    {
      key: 'pending',
      title: MAIL_TEXT.pending,
      align: 'right',
      width: 70,
      dataIndex: 'pending',
    },
    { key: 'started', title: MAIL_TEXT.startedAt, width: 150, render: (_, r) => formatTime(r.started_at) },
    { key: 'finished', title: MAIL_TEXT.finishedAt, width: 150, render: (_, r) => formatTime(r.finished_at) },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r)} disabled={r.planned === 0}>
          {MAIL_TEXT.viewDeliveries}
        </Button>
      ),
    },
  ];
  return (
    <Table<TMailRun>
      rowKey="id"
      columns={columns}
      dataSource={data?.data ?? []}
      loading={isFetching}
      pagination={pagination(data?.total ?? 0)}
      onChange={onChange}
      scroll={{ x: 1060 }}
    />
  );
}
