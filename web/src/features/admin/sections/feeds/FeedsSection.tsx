import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminFeed } from '@portal/contract';
import {
  App,
  Button,
  Grid,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { formatTime } from '../../components/formatTime.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { apiQuery } from '../../table/tableParams.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { FeedDrawer, type TFeedTarget } from './FeedDrawer.tsx';
import { FEED_TEXT, scheduleLabel } from './feedTexts.ts';
import { feedsApi, feedsKeys } from './feedsApi.ts';

/**
 * 资讯源: the feeds whose items become business headlines. Per source its schedule, the
 * enabled switch, when it was last fetched with the result, the error and the counts of that
 * poll; 立即抓取 fetches now and says what it added, updated and skipped.
 */
export function FeedsSection() {
  const { params, pagination, onChange } = useTableParams();
  const query = apiQuery(params);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<TFeedTarget | null>(null);
  const [polling, setPolling] = useState<ReadonlySet<number>>(new Set());
  // On a phone the name cell also says how the last poll went (the other columns scroll away).
  const compact = !Grid.useBreakpoint().md;
  const { data, isFetching } = useQuery({
    queryKey: feedsKeys.list(query),
    queryFn: () => feedsApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedsKeys.all });

  const poll = async (feed: TAdminFeed) => {
    setPolling((s) => new Set(s).add(feed.id));
    try {
      const result = await feedsApi.poll(feed.id);
      if (result.error) {
        void message.error(FEED_TEXT.pollFailed(result.error));
      } else {
        void message.success(FEED_TEXT.pollResult(result));
      }
      await refresh();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setPolling((s) => {
        const next = new Set(s);
        next.delete(feed.id);
        return next;
      });
    }
  };

  const setEnabled = async (feed: TAdminFeed, enabled: boolean) => {
    try {
      await feedsApi.setEnabled(feed.id, enabled);
      void message.success(FEED_TEXT.saved);
      await refresh();
    } catch {
      // shown by the API client
    }
  };

  const remove = (feed: TAdminFeed) =>
    modal.confirm({
      title: FEED_TEXT.confirmRemove(feed.name),
      content: FEED_TEXT.confirmRemoveBody,
      okText: FEED_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: FEED_TEXT.cancel,
      onOk: async () => {
        await feedsApi.remove(feed.id);
        void message.success(FEED_TEXT.saved);
        await refresh();
      },
    });

  const columns: TableColumnsType<TAdminFeed> = [
    {
      key: 'name',
      title: FEED_TEXT.colName,
      render: (_, f) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{f.name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: f.url }} style={{ maxWidth: 320 }}>
            {f.url}
          </Typography.Text>
          {compact ? (
            <Space size={4} wrap>
              <ResultTag feed={f} />
              <Typography.Text type="secondary">{formatTime(f.last_fetched_at)}</Typography.Text>
            </Space>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'category',
      title: FEED_TEXT.colCategory,
      width: 100,
      responsive: ['lg'],
      render: (_, f) => f.category || '—',
    },
    {
      key: 'schedule',
      title: FEED_TEXT.colSchedule,
      width: 120,
      responsive: ['md'],
      render: (_, f) => scheduleLabel(f.schedule, f.interval_minutes),
    },
    {
      key: 'enabled',
      title: FEED_TEXT.colEnabled,
      width: 70,
      render: (_, f) => (
        <Switch
          size="small"
          aria-label={`${FEED_TEXT.colEnabled} ${f.name}`}
          checked={f.enabled}
          onChange={(on) => void setEnabled(f, on)}
        />
      ),
    },
    {
      key: 'last_fetched_at',
      title: FEED_TEXT.colLastFetch,
      width: 140,
      render: (_, f) => formatTime(f.last_fetched_at),
    },
    {
      key: 'result',
      title: FEED_TEXT.colResult,
      width: 200,
      render: (_, f) =>
        f.last_status === 'error' ? (
          <Tooltip title={f.last_error}>
            <Space size={4} wrap>
              <ResultTag feed={f} />
              <Typography.Text type="danger">{f.last_error}</Typography.Text>
            </Space>
          </Tooltip>
        ) : (
          <ResultTag feed={f} />
        ),
    },
    {
      key: 'counts',
      title: FEED_TEXT.colCounts,
      width: 150,
      responsive: ['md'],
      render: (_, f) =>
        f.last_status === null ? '—' : `${f.last_added} / ${f.last_updated} / ${f.last_skipped}`,
    },
    {
      key: 'actions',
      title: FEED_TEXT.actions,
      width: 190,
      fixed: compact ? undefined : 'right',
      render: (_, f) => (
        <Space size={0} wrap>
          <Button type="link" size="small" loading={polling.has(f.id)} onClick={() => void poll(f)}>
            {FEED_TEXT.pollNow}
          </Button>
          <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', feed: f })}>
            {FEED_TEXT.editAction}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(f)}>
            {FEED_TEXT.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <SectionCard
      title={FEED_TEXT.section}
      extra={
        <Button type="primary" onClick={() => setTarget({ mode: 'create' })}>
          {FEED_TEXT.add}
        </Button>
      }
    >
      <Table<TAdminFeed>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 840 }}
        locale={{ emptyText: FEED_TEXT.empty }}
      />
      <FeedDrawer target={target} onClose={() => setTarget(null)} />
    </SectionCard>
  );
}

/** How the last poll went: 未抓取, 成功 or 失败. */
function ResultTag({ feed }: { feed: TAdminFeed }) {
  if (feed.last_status === null) {
    return <Tag>{FEED_TEXT.statusNever}</Tag>;
  }
  return feed.last_status === 'ok' ? (
    <Tag color="success">{FEED_TEXT.statusOk}</Tag>
  ) : (
    <Tag color="error">{FEED_TEXT.statusError}</Tag>
  );
}
