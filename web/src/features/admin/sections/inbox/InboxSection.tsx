import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INBOX_STATUSES, type TInboxItem, type TInboxKind } from '@portal/contract';
import { App, Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../../components/downloadFile.ts';
import { formatTime } from '../../components/formatTime.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { apiQuery } from '../../table/tableParams.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { InboxDrawer } from './InboxDrawer.tsx';
import { fetchInboxCsv, inboxApi, inboxKeys } from './inboxApi.ts';
import { INBOX_TEXT } from './inboxTexts.ts';

const STATUS_OPTIONS = INBOX_STATUSES.map((value) => ({ value, label: INBOX_TEXT.status[value] }));

function columns(kind: TInboxKind, open: (id: number) => void): TableColumnsType<TInboxItem> {
  return [
    { key: 'created_at', title: INBOX_TEXT.colAt, width: 140, render: (_, r) => formatTime(r.created_at) },
    {
      key: 'sender',
      title: INBOX_TEXT.colSender,
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 184 }}>
          <span>{r.name || INBOX_TEXT.none}</span>
          <Typography.Text type="secondary">{r.phone}</Typography.Text>
          {r.contact !== '' && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.contact }}>
              {r.contact}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    ...(kind === 'feedback'
      ? []
      : [
          {
            key: 'organisation',
            title: INBOX_TEXT.colOrganisation,
            width: 140,
            dataIndex: 'organisation',
            responsive: ['md' as const],
          },
        ]),
    {
      key: 'content',
      title: INBOX_TEXT.colContent[kind],
      // Text only: what a user typed is never rendered as HTML.
      render: (_, r) => (
        <Typography.Paragraph className="admin-cell-text" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {r.content || INBOX_TEXT.noContent}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: INBOX_TEXT.colStatus,
      width: 90,
      render: (_, r) => <Tag color={INBOX_TEXT.statusColor[r.status]}>{INBOX_TEXT.status[r.status]}</Tag>,
    },
    {
      key: 'assignee',
      title: INBOX_TEXT.colAssignee,
      width: 110,
      responsive: ['md'],
      render: (_, r) => r.assignee || INBOX_TEXT.none,
    },
    { key: 'replies', title: INBOX_TEXT.colReplies, width: 70, responsive: ['lg'], dataIndex: 'replies' },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => open(r.id)}>
          {INBOX_TEXT.handle}
        </Button>
      ),
    },
  ];
}

/**
 * One inbox (反馈, 咨询 or 认领): newest first, filtered by status, assignee and keyword on the
 * server, exported as CSV with the same filters; 处理 opens the item's drawer.
 */
function InboxSection({ kind }: { kind: TInboxKind }) {
  const { params, pagination, onChange, setFilter } = useTableParams();
  const query = apiQuery(params);
  const { message } = App.useApp();
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching, refetch } = useQuery({
    queryKey: inboxKeys.list(kind, query),
    queryFn: () => inboxApi.list(kind, query),
    placeholderData: keepPreviousData,
  });
  const { data: assignees } = useQuery({ queryKey: inboxKeys.assignees, queryFn: inboxApi.assignees });
  const assigneeOptions = [
    { value: '0', label: INBOX_TEXT.unassigned },
    ...(assignees ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await fetchInboxCsv(kind, params.filters);
      const url = URL.createObjectURL(blob);
      downloadFile(url, `inbox-${kind}.csv`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      void message.error(INBOX_TEXT.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard
      title={INBOX_TEXT.kind[kind]}
      extra={
        <Space wrap>
          <Button loading={exporting} onClick={() => void exportCsv()}>
            {INBOX_TEXT.exportCsv}
          </Button>
          <Button onClick={() => void refetch()}>{INBOX_TEXT.refresh}</Button>
        </Space>
      }
    >
      <Space wrap className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={INBOX_TEXT.keyword}
          placeholder={INBOX_TEXT.keyword}
          defaultValue={params.filters.keyword}
          style={{ width: 240 }}
          onSearch={(value) => setFilter('keyword', value.trim())}
        />
        <Select
          allowClear
          aria-label={INBOX_TEXT.filterStatus}
          placeholder={INBOX_TEXT.allStatuses}
          style={{ width: 120 }}
          options={STATUS_OPTIONS}
          value={params.filters.status}
          onChange={(value?: string) => setFilter('status', value)}
        />
        <Select
          allowClear
          aria-label={INBOX_TEXT.filterAssignee}
          placeholder={INBOX_TEXT.allAssignees}
          style={{ width: 140 }}
          options={assigneeOptions}
          value={params.filters.assignee_id}
          onChange={(value?: string) => setFilter('assignee_id', value)}
        />
      </Space>
      <Table<TInboxItem>
        rowKey="id"
        columns={columns(kind, setOpenId)}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 760 }}
      />
      <InboxDrawer kind={kind} id={openId} assignees={assignees ?? []} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}

export function FeedbackInbox() {
  return <InboxSection kind="feedback" />;
}

export function EnquiryInbox() {
  return <InboxSection kind="enquiry" />;
}

export function ClaimInbox() {
  return <InboxSection kind="claim" />;
}
