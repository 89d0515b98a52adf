import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminOrganRow } from '@portal/contract';
import { App, Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../api/client.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatTime } from '../../components/formatTime.ts';
import { apiQuery } from '../../table/tableParams.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { OrganisationDrawer, type TOrganTarget } from './OrganisationDrawer.tsx';
import { organisationsApi, organisationsKeys } from './organisationsApi.ts';
import { ORGAN_TEXT } from './organTexts.ts';

const CERTIFIED_OPTIONS = [
  { value: '1', label: ORGAN_TEXT.certified },
  { value: '0', label: ORGAN_TEXT.uncertified },
];

/**
 * 机构: search by name, filter by certification, sort by order, name or update time (all in the
 * address); 新建机构 and 编辑 open the organisation's drawer (its products inside); 删除 says
 * first what goes with it.
 */
export function OrganisationsSection() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { params, pagination, onChange, setFilter, sortOrder } = useTableParams();
  const query = apiQuery(params);
  const [target, setTarget] = useState<TOrganTarget>(null);
  const { data, isFetching } = useQuery({
    queryKey: organisationsKeys.list(query),
    queryFn: () => organisationsApi.list(query),
    placeholderData: keepPreviousData,
  });

  const remove = async (row: TAdminOrganRow) => {
    let detail;
    try {
      detail = await organisationsApi.detail(row.id);
    } catch (error) {
      if (error instanceof ApiError) {
        return;
      }
      throw error;
    }
    modal.confirm({
      title: ORGAN_TEXT.confirmDelete(row.name),
      content: ORGAN_TEXT.deleteImpact(detail.impact),
      okText: ADMIN_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await organisationsApi.remove(row.id);
        void message.success(ADMIN_TEXT.deleted);
        await queryClient.invalidateQueries({ queryKey: organisationsKeys.all });
      },
    });
  };

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  const columns: TableColumnsType<TAdminOrganRow> = [
    {
      key: 'logo',
      title: ORGAN_TEXT.colLogo,
      width: 80,
      render: (_, row) =>
        row.logo_url ? (
          <img src={row.logo_url} alt={row.name} style={{ width: 40, height: 40, objectFit: 'contain' }} />
        ) : null,
    },
    {
      ...sortable('name'),
      title: ORGAN_TEXT.colName,
      render: (_, row) => <Typography.Text className="admin-cell-text">{row.name}</Typography.Text>,
    },
    {
      key: 'certified',
      title: ORGAN_TEXT.colCertified,
      width: 90,
      render: (_, row) =>
        row.is_certification === 1 ? (
          <Tag color="success">{ORGAN_TEXT.certified}</Tag>
        ) : (
          <Tag>{ORGAN_TEXT.uncertified}</Tag>
        ),
    },
    { key: 'products', title: ORGAN_TEXT.colProducts, dataIndex: 'products', width: 80, responsive: ['md'] },
    { ...sortable('sort'), title: ORGAN_TEXT.colSort, dataIndex: 'sort', width: 80, responsive: ['md'] },
    {
      ...sortable('updated_at'),
      title: ADMIN_TEXT.colUpdatedAt,
      width: 150,
      responsive: ['lg'],
      render: (_, row) => formatTime(row.updated_at),
    },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget(row.id)}>
            {ADMIN_TEXT.edit}
          </Button>
          <Button type="link" size="small" danger onClick={() => void remove(row)}>
            {ADMIN_TEXT.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <SectionCard
      title={ORGAN_TEXT.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')}>
          {ORGAN_TEXT.newOrgan}
        </Button>
      }
    >
      <Space wrap className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={ORGAN_TEXT.keyword}
          placeholder={ORGAN_TEXT.keyword}
          defaultValue={params.filters.keyword}
          style={{ width: 240 }}
          onSearch={(value) => setFilter('keyword', value.trim())}
        />
        <Select
          allowClear
          aria-label={ORGAN_TEXT.filterCertified}
          placeholder={ORGAN_TEXT.allCertified}
          style={{ width: 150 }}
          options={CERTIFIED_OPTIONS}
          value={params.filters.certified}
          onChange={(value?: string) => setFilter('certified', value)}
        />
      </Space>
      <Table<TAdminOrganRow>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 600 }}
      />
      <OrganisationDrawer target={target} onTarget={setTarget} />
    </SectionCard>
  );
}
