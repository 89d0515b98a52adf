import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PUBLISH_STATUSES, type TAdminContentRow, type TAdminContentType } from '@portal/contract';
import { Button, Grid, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { adminApi, adminKeys } from '../api.ts';
import { apiQuery } from '../table/tableParams.ts';
import { useTableParams } from '../table/useTableParams.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatTime } from './formatTime.ts';
import { previewPath } from './previewPath.ts';
import { StatusTag } from './StatusTag.tsx';
import { useContentActions } from './useContentActions.tsx';

const STATUS_OPTIONS = PUBLISH_STATUSES.map((status) => ({
  value: status,
  label: ADMIN_TEXT.statusLabel[status],
}));

/** 同一事件 N beside a headline that readers see folded into one story's card with others. */
function StoryTag({ row }: { row: TAdminContentRow }) {
  return row.story_size ? (
    <Tag className="admin-story-tag" color="blue">
      {ADMIN_TEXT.storySize(row.story_size)}
    </Tag>
  ) : null;
}

/** A per-row action of one content type (an insight topic's 授权), beside the ones every type has. */
export type TRowAction = {
  key: string;
  label: string;
  onClick: (row: TAdminContentRow) => void;
};

// A small link button is its text (14 px a character) and 7 px each side; the cell adds 16.
const BUTTON_PAD = 14;
const CELL_PAD = 32;
const labelWidth = (label: string) => label.length * 14 + BUTTON_PAD;

/** One link button of a row: an action, or a page opened in a new tab (预览). */
type TButtonAction = { key: string; label: string; onClick?: () => void; href?: string; danger?: boolean };

type TContentTableProps = {
  type: TAdminContentType;
  /** Opens the editor of a row; absent: the type has no editor here yet. */
  onEdit?: (row: TAdminContentRow) => void;
  /** Buttons beside the filters (上传报告, 新建头条). */
  toolbar?: ReactNode;
  /** More per-row actions of this type (an insight topic's 查看与文件 and 授权). */
  rowActions?: readonly TRowAction[];
};

/**
 * One content type's table: title search, status filter, sortable dates and counters, paged on
 * the server with everything in the address; per row 编辑, 预览 (the user's page in a new tab, drafts
 * too, marked 预览（未发布）), 发布 / 下架 and 删除.
 *
 * On a desktop the actions sit on one line in a column as wide as they are. On a phone the
 * table is one column: the title across the screen, its status and publish time under it, then
 * the actions, wrapping — a fixed actions column there left the title three characters a line.
 */
export function ContentTable({ type, onEdit, toolbar, rowActions = [] }: TContentTableProps) {
  const compact = !Grid.useBreakpoint().md;
  const { params, pagination, onChange, setFilter, sortOrder } = useTableParams();
  const query = apiQuery(params);
  const actions = useContentActions(type);
  const { data, isFetching } = useQuery({
    queryKey: adminKeys.contentList(type, query),
    queryFn: () => adminApi.contentList(type, query),
    placeholderData: keepPreviousData,
  });

  // A row's actions, in the order they show; the desktop column is as wide as their labels.
  const actionsOf = (row: TAdminContentRow): TButtonAction[] => [
    ...(onEdit ? [{ key: 'edit', label: ADMIN_TEXT.edit, onClick: () => onEdit(row) }] : []),
    { key: 'preview', label: ADMIN_TEXT.preview, href: previewPath(type, row.id) },
    ...rowActions.map((action) => ({
      key: action.key,
      label: action.label,
      onClick: () => action.onClick(row),
    })),
    row.status === 'published'
      ? { key: 'unpublish', label: ADMIN_TEXT.unpublish, onClick: () => actions.unpublish(row) }
      : { key: 'publish', label: ADMIN_TEXT.publish, onClick: () => actions.publish(row) },
    { key: 'remove', label: ADMIN_TEXT.remove, danger: true, onClick: () => void actions.remove(row) },
  ];
  const actionButtons = (row: TAdminContentRow) =>
    actionsOf(row).map(({ key, label, onClick, href, danger }) => (
      <Button
        key={key}
        type="link"
        size="small"
        danger={danger}
        onClick={onClick}
        {...(href ? { href, target: '_blank', rel: 'noopener' } : {})}
      >
        {label}
      </Button>
    ));
  // 发布 and 下架 are as long as each other, so any row gives the column's width.
  const sample = data?.data[0];
  const actionsWidth = sample
    ? CELL_PAD + actionsOf(sample).reduce((sum, action) => sum + labelWidth(action.label), 0)
    : undefined;

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  const columns: TableColumnsType<TAdminContentRow> = compact
    ? [
        {
          key: 'title',
          title: ADMIN_TEXT.colTitle,
          render: (_, row) => (
            <div className="admin-row-card">
              <Typography.Text className="admin-cell-text">{row.title}</Typography.Text>
              <div className="admin-row-card__meta">
                <StatusTag status={row.status} />
                <StoryTag row={row} />
                <Typography.Text type="secondary">{formatTime(row.published_at)}</Typography.Text>
              </div>
              <Space size={0} wrap className="admin-row-card__actions">
                {actionButtons(row)}
              </Space>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'title',
          title: ADMIN_TEXT.colTitle,
          render: (_, row) => (
            <>
              <Typography.Text className="admin-cell-text">{row.title}</Typography.Text>
              <StoryTag row={row} />
            </>
          ),
        },
        {
          key: 'status',
          title: ADMIN_TEXT.colStatus,
          width: 90,
          render: (_, row) => <StatusTag status={row.status} />,
        },
        {
          ...sortable('published_at'),
          title: ADMIN_TEXT.colPublishedAt,
          width: 150,
          render: (_, row) => formatTime(row.published_at),
        },
        {
          ...sortable('updated_at'),
          title: ADMIN_TEXT.colUpdatedAt,
          width: 150,
          responsive: ['lg'],
          render: (_, row) => formatTime(row.updated_at),
        },
        { ...sortable('views'), title: ADMIN_TEXT.colViews, dataIndex: 'views', width: 80 },
        { ...sortable('favorites'), title: ADMIN_TEXT.colFavorites, dataIndex: 'favorites', width: 80 },
        {
          key: 'actions',
          title: ADMIN_TEXT.actions,
          width: actionsWidth,
          fixed: 'right',
          render: (_, row) => (
            <Space size={0} wrap={false}>
              {actionButtons(row)}
            </Space>
          ),
        },
      ];

  return (
    <>
      <Space wrap className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={ADMIN_TEXT.keywordPlaceholder}
          placeholder={ADMIN_TEXT.keywordPlaceholder}
          defaultValue={params.filters.keyword}
          style={{ width: 240 }}
          onSearch={(value) => setFilter('keyword', value.trim())}
        />
        <Select
          allowClear
          aria-label={ADMIN_TEXT.filterStatus}
          placeholder={ADMIN_TEXT.statusPlaceholder}
          style={{ width: 130 }}
          options={STATUS_OPTIONS}
          value={params.filters.status}
          onChange={(value?: string) => setFilter('status', value)}
        />
        {toolbar}
      </Space>
      <Table<TAdminContentRow>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={compact ? undefined : { x: 640 }}
      />
    </>
  );
}
