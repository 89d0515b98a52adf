import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@portal/contract';
import { Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { adminKeys } from '../../api.ts';
import { formatTime } from '../../components/formatTime.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { apiQuery } from '../../table/tableParams.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { auditApi } from './auditApi.ts';
import { auditChanges } from './auditChanges.ts';

const TARGET_TYPES: { value: string; label: string }[] = [
  { value: 'report', label: ADMIN_TEXT.reports },
  { value: 'headline', label: ADMIN_TEXT.headlines },
  { value: 'analysis', label: ADMIN_TEXT.analyses },
  { value: 'material', label: ADMIN_TEXT.materials },
  { value: 'user', label: ADMIN_TEXT.users },
];
const TARGET_LABEL = new Map(TARGET_TYPES.map((t) => [t.value, t.label]));

function Changes({ entry }: { entry: TAuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return <>{ADMIN_TEXT.none}</>;
  }
  return (
    <Space orientation="vertical" size={2}>
      {changes.slice(0, 8).map((change) => (
        <span key={change.field} className="admin-cell-text">
          {change.field ? <Typography.Text type="secondary">{change.field}: </Typography.Text> : null}
          <Typography.Text delete={change.before !== ''}>{change.before || ADMIN_TEXT.none}</Typography.Text>
          {' → '}
          <Typography.Text>{change.after || ADMIN_TEXT.none}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

const COLUMNS: TableColumnsType<TAuditEntry> = [
  { key: 'at', title: ADMIN_TEXT.auditAt, width: 150, render: (_, row) => formatTime(row.at) },
  { key: 'actor', title: ADMIN_TEXT.auditActor, dataIndex: 'actor', width: 120 },
  { key: 'action', title: ADMIN_TEXT.auditAction, width: 170, render: (_, row) => <Tag>{row.action}</Tag> },
  {
    key: 'target',
    title: ADMIN_TEXT.auditTarget,
    width: 120,
    render: (_, row) => `${TARGET_LABEL.get(row.target_type) ?? row.target_type} #${row.target_id}`,
  },
  { key: 'change', title: ADMIN_TEXT.auditChange, render: (_, row) => <Changes entry={row} /> },
];

/** 审计日志: every admin write, newest first, filterable by object type and action; never editable. */
export function AuditLog() {
  const { params, pagination, onChange, setFilter } = useTableParams();
  const query = apiQuery(params);
  const { data, isFetching, refetch } = useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: () => auditApi.list(query),
    placeholderData: keepPreviousData,
  });
  return (
    <SectionCard
      title={ADMIN_TEXT.audit}
      extra={
        <Space wrap>
          <Select
            allowClear
            placeholder={ADMIN_TEXT.auditFilterTarget}
            style={{ width: 140 }}
            options={TARGET_TYPES}
            value={params.filters.target_type}
            onChange={(value?: string) => setFilter('target_type', value)}
          />
          <Input.Search
            allowClear
            placeholder={ADMIN_TEXT.auditFilterAction}
            defaultValue={params.filters.action}
            style={{ width: 220 }}
            onSearch={(value) => setFilter('action', value.trim())}
          />
          <Button onClick={() => void refetch()}>{ADMIN_TEXT.refresh}</Button>
        </Space>
      }
    >
      <Table<TAuditEntry>
        rowKey="id"
        columns={COLUMNS}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 760 }}
      />
    </SectionCard>
  );
}
