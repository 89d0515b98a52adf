import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUPPRESSION_REASONS, type TMailSuppressed } from '@portal/contract';
import { Alert, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { formatTime } from '../../components/formatTime.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { mailApi, mailKeys } from './mailApi.ts';
import { mailQuery } from './mailQuery.ts';
import { MAIL_TEXT } from './mailTexts.ts';

const REASON_OPTIONS = SUPPRESSION_REASONS.map((r) => ({ value: r, label: MAIL_TEXT.reasonLabel[r] }));

const COLUMNS: TableColumnsType<TMailSuppressed> = [
  { key: 'user', title: MAIL_TEXT.user, dataIndex: 'user', width: 140 },
  { key: 'email', title: MAIL_TEXT.email, dataIndex: 'email', width: 200 },
  {
    key: 'reason',
    title: MAIL_TEXT.reason,
    width: 110,
    render: (_, r) => (
      <Tag color={r.reason === 'disabled' ? 'error' : 'default'}>{MAIL_TEXT.reasonLabel[r.reason]}</Tag>
    ),
  },
  {
    key: 'source',
    title: MAIL_TEXT.source,
    width: 130,
    render: (_, r) => (r.source ? (MAIL_TEXT.sourceLabel[r.source] ?? r.source) : ADMIN_TEXT.none),
  },
  { key: 'since', title: MAIL_TEXT.since, width: 150, render: (_, r) => formatTime(r.since) },
];

/** 退订与停用: addresses the digest skips and why, read-only (an unsubscribe is the user's own choice). */
export function SuppressedTable() {
  const { params, pagination, onChange, setFilter } = useTableParams();
  const query = mailQuery(params);
  const { data, isFetching } = useQuery({
    queryKey: mailKeys.suppressed(query),
    queryFn: () => mailApi.suppressed(query),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={MAIL_TEXT.suppressedNote} />
      <Select
        allowClear
        aria-label={MAIL_TEXT.reason}
        placeholder={MAIL_TEXT.allReasons}
        style={{ width: 140 }}
        options={REASON_OPTIONS}
        value={params.filters.reason}
        onChange={(value?: string) => setFilter('reason', value)}
      />
      <Table<TMailSuppressed>
        rowKey={(r) => `${r.reason}-${r.user_id}`}
        columns={COLUMNS}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 730 }}
      />
    </Space>
  );
}
