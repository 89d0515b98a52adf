import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminBanner } from '@portal/contract';
import { App, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatTime } from '../../components/formatTime.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { BannerDrawer, type TBannerDrawerTarget } from './BannerDrawer.tsx';
import { bannersApi, bannersKeys } from './bannersApi.ts';
import { BANNER_STATE_TAG, bannerState } from './bannerStatus.ts';
import { BANNER_TEXT } from './bannerTexts.ts';

/** A link as a person reads it: search words decoded (a malformed escape stays as stored). */
function readableLink(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function schedule(b: TAdminBanner): string {
  if (b.starts_at === null && b.ends_at === null) {
    return BANNER_TEXT.always;
  }
  if (b.ends_at === null) {
    return BANNER_TEXT.from(formatTime(b.starts_at));
  }
  if (b.starts_at === null) {
    return BANNER_TEXT.until(formatTime(b.ends_at));
  }
  return BANNER_TEXT.range(formatTime(b.starts_at), formatTime(b.ends_at));
}

/**
 * 轮播图: every banner in carousel order with its image, link, schedule, state on the home page
 * and clicks; reorder with 上移 / 下移, enable or disable, edit, delete (saying first how many
 * click records go with it).
 */
export function BannersSection() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<TBannerDrawerTarget>(null);
  const { data, isFetching } = useQuery({ queryKey: bannersKeys.all, queryFn: bannersApi.list });
  const rows = data?.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: bannersKeys.all });
  const now = Date.now();

  const move = async (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const other = index + by;
    if (other < 0 || other >= ids.length) {
      return;
    }
    [ids[index], ids[other]] = [ids[other] as number, ids[index] as number];
    try {
      await bannersApi.reorder(ids);
    } finally {
      await refresh();
    }
  };

  const toggle = (row: TAdminBanner) => {
    if (row.enabled !== 1) {
      void bannersApi.enable(row.id).then(refresh, () => undefined);
      return;
    }
    modal.confirm({
      title: BANNER_TEXT.confirmDisable(row.title),
      content: BANNER_TEXT.confirmDisableBody,
      okText: BANNER_TEXT.disable,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await bannersApi.disable(row.id);
        await refresh();
      },
    });
  };

  const remove = (row: TAdminBanner) =>
    modal.confirm({
      title: BANNER_TEXT.confirmDelete(row.title),
      content: BANNER_TEXT.deleteImpact(row.clicks),
      okText: ADMIN_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await bannersApi.remove(row.id);
        void message.success(ADMIN_TEXT.deleted);
        await refresh();
      },
    });

  const columns: TableColumnsType<TAdminBanner> = [
    {
      key: 'image',
      title: BANNER_TEXT.colImage,
      width: 140,
      // On phones the title leads the row; the picture shows in the editor.
      responsive: ['sm'],
      render: (_, row) => (
        <img
          src={row.image_url}
          alt={row.title}
          style={{ width: 120, height: 40, objectFit: 'cover', borderRadius: 4 }}
        />
      ),
    },
    {
      key: 'title',
      title: BANNER_TEXT.colTitle,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text className="admin-cell-text">{row.title}</Typography.Text>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, maxWidth: 320 }}
            ellipsis={{ tooltip: row.redirect_url }}
          >
            {readableLink(row.redirect_url) || ADMIN_TEXT.none}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'schedule',
      title: BANNER_TEXT.colSchedule,
      width: 200,
      responsive: ['lg'],
      render: (_, row) => schedule(row),
    },
    {
      key: 'state',
      title: BANNER_TEXT.colStatus,
      width: 90,
      render: (_, row) => {
        const tag = BANNER_STATE_TAG[bannerState(row, now)];
        return <Tag color={tag.color}>{tag.label}</Tag>;
      },
    },
    { key: 'clicks', title: BANNER_TEXT.colClicks, dataIndex: 'clicks', width: 70 },
    {
      key: 'order',
      title: BANNER_TEXT.colOrder,
      width: 90,
      render: (_, _row, index) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={BANNER_TEXT.moveUp}
            disabled={index === 0}
            onClick={() => void move(index, -1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={BANNER_TEXT.moveDown}
            disabled={index === rows.length - 1}
            onClick={() => void move(index, 1)}
          />
        </Space>
      ),
    },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      width: 170,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setTarget(row)}>
            {ADMIN_TEXT.edit}
          </Button>
          <Button type="link" size="small" onClick={() => toggle(row)}>
            {row.enabled === 1 ? BANNER_TEXT.disable : BANNER_TEXT.enable}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(row)}>
            {ADMIN_TEXT.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <SectionCard
      title={BANNER_TEXT.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')}>
          {BANNER_TEXT.newBanner}
        </Button>
      }
    >
      <Table<TAdminBanner>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        pagination={false}
        scroll={{ x: 640 }}
      />
      <BannerDrawer target={target} onClose={() => setTarget(null)} />
    </SectionCard>
  );
}
