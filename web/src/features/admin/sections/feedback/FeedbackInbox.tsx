import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdminFeedbackItem } from '@portal/contract';
import { Button, Image, Space, Table, Typography, type TableColumnsType } from 'antd';
import { adminApi, adminKeys } from '../../api.ts';
import { formatTime } from '../../components/formatTime.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { apiQuery } from '../../table/tableParams.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';

const COLUMNS: TableColumnsType<TAdminFeedbackItem> = [
  {
    key: 'user',
    title: ADMIN_TEXT.feedbackUser,
    width: 150,
    render: (_, row) => (
      <Space orientation="vertical" size={0}>
        <span>{row.nickname || ADMIN_TEXT.none}</span>
        <Typography.Text type="secondary">{row.phone}</Typography.Text>
      </Space>
    ),
  },
  {
    key: 'content',
    title: ADMIN_TEXT.feedbackContent,
    // Text only: what a user typed is never rendered as HTML.
    render: (_, row) => <div className="admin-cell-text">{row.content}</div>,
  },
  { key: 'email', title: ADMIN_TEXT.feedbackEmail, dataIndex: 'email', width: 200, responsive: ['md'] },
  {
    key: 'screenshots',
    title: ADMIN_TEXT.feedbackScreens,
    width: 180,
    // Screenshots are images from signed URLs, shown as <img> (never as a document or link to open).
    render: (_, row) =>
      row.screenshots.length === 0 ? (
        ADMIN_TEXT.none
      ) : (
        <Image.PreviewGroup>
          <Space wrap size={4}>
            {row.screenshots.map((src) => (
              <Image key={src} src={src} width={48} height={48} style={{ objectFit: 'cover' }} alt="" />
            ))}
          </Space>
        </Image.PreviewGroup>
      ),
  },
  {
    key: 'created_at',
    title: ADMIN_TEXT.feedbackAt,
    width: 150,
    render: (_, row) => formatTime(row.created_at),
  },
];

/** 反馈: the feedback inbox, newest first, paged on the server. */
export function FeedbackInbox() {
  const { params, pagination, onChange } = useTableParams();
  const query = apiQuery(params);
  const { data, isFetching, refetch } = useQuery({
    queryKey: adminKeys.feedback(query),
    queryFn: () => adminApi.feedback(query),
    placeholderData: keepPreviousData,
  });
  return (
    <SectionCard
      title={ADMIN_TEXT.feedback}
      extra={<Button onClick={() => void refetch()}>{ADMIN_TEXT.refresh}</Button>}
    >
      <Table<TAdminFeedbackItem>
        rowKey="id"
        columns={COLUMNS}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 720 }}
      />
    </SectionCard>
  );
}
