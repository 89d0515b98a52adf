import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_STATUSES, type TDigestStatus, type TMailDelivery } from '@portal/contract';
import { App, Button, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { formatTime } from '../../components/formatTime.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { mailApi, mailKeys } from './mailApi.ts';
import { mailQuery } from './mailQuery.ts';
import { MAIL_TEXT } from './mailTexts.ts';

const STATUS_COLORS: Record<TDigestStatus, string> = {
  planned: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
};
const STATUS_OPTIONS = DIGEST_STATUSES.map((s) => ({ value: s, label: MAIL_TEXT.statusLabel[s] }));

/** 投递明细: one digest e-mail per row (masked address), filterable by run and status; 重发 per row. */
export function DeliveriesTable() {
  const { params, pagination, onChange, setFilter } = useTableParams();
  const query = mailQuery(params);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { data, isFetching } = useQuery({
    queryKey: mailKeys.deliveries(query),
    queryFn: () => mailApi.deliveries(query),
    placeholderData: keepPreviousData,
  });
  const runId = Number(params.filters.run_id);

  const resend = (row: TMailDelivery) =>
    modal.confirm({
      title: MAIL_TEXT.confirmResendTitle(row.email),
      content: MAIL_TEXT.confirmResendBody(row.day),
      okText: MAIL_TEXT.resend,
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        try {
          const sent = await mailApi.resend(row.id);
          void message.success(MAIL_TEXT.resent(sent.email));
        } catch (error) {
          void message.error(errorMessage(error));
        }
        await queryClient.invalidateQueries({ queryKey: mailKeys.all });
      },
    });

  const columns: TableColumnsType<TMailDelivery> = [
    { key: 'user', title: MAIL_TEXT.user, dataIndex: 'user', width: 120 },
    { key: 'email', title: MAIL_TEXT.email, dataIndex: 'email', width: 180 },
    { key: 'day', title: MAIL_TEXT.day, dataIndex: 'day', width: 110 },
    { key: 'headlines', title: MAIL_TEXT.headlines, dataIndex: 'headline_count', align: 'right', width: 80 },
    {
      key: 'status',
      title: MAIL_TEXT.status,
      width: 90,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{MAIL_TEXT.statusLabel[r.status]}</Tag>,
    },
    { key: 'attempts', title: MAIL_TEXT.attempts, dataIndex: 'attempts', align: 'right', width: 90 },
    {
      key: 'sent',
      title: MAIL_TEXT.sentAt,
      width: 150,
      render: (_, r) => (r.status === 'planned' ? formatTime(r.next_attempt_at) : formatTime(r.sent_at)),
    },
    {
      key: 'error',
      title: MAIL_TEXT.error,
      render: (_, r) =>
        r.error ? (
          <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'} className="admin-cell-text">
            {r.error}
          </Typography.Text>
        ) : (
          ADMIN_TEXT.none
        ),
    },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          disabled={r.status === 'planned' || r.status === 'sending'}
          onClick={() => resend(r)}
        >
          {MAIL_TEXT.resend}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        {runId > 0 ? (
          <Tag closable onClose={() => setFilter('run_id', undefined)}>
            {MAIL_TEXT.runFilter(runId)}
          </Tag>
        ) : null}
        <Select
          allowClear
          aria-label={MAIL_TEXT.status}
          placeholder={MAIL_TEXT.allStatuses}
          style={{ width: 140 }}
          options={STATUS_OPTIONS}
          value={params.filters.status}
          onChange={(value?: string) => setFilter('status', value)}
        />
      </Space>
      <Table<TMailDelivery>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 1000 }}
      />
    </Space>
  );
}
