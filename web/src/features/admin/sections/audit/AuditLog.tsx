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

/** The actions the server records (`<area>.<verb>`), in words; an unknown one shows its code. */
const ACTION_LABEL: Record<string, string> = {
  'content.upload': '上传',
  'content.create': '新建',
  'content.update': '编辑',
  'content.publish': '发布',
  'content.unpublish': '下架',
  'content.delete': '删除',
  'user.roles': '修改角色',
  'user.organ_detail_menu': '机构菜单权限',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'analysis.grant': '专题授权',
  'analysis.revoke': '取消专题授权',
  'analysis.restricted': '专题访问限制',
};

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
  {
    key: 'action',
    title: ADMIN_TEXT.auditAction,
    width: 170,
    render: (_, row) => <Tag title={row.action}>{ACTION_LABEL[row.action] ?? row.action}</Tag>,
  },
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
