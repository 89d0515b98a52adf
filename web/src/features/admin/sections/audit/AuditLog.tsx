import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@portal/contract';
import { Button, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
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
  { value: 'organisation', label: ADMIN_TEXT.organisations },
  { value: 'product', label: '机构产品' },
  { value: 'product_content', label: '产品相关内容' },
  { value: 'banner', label: ADMIN_TEXT.banners },
  { value: 'feed', label: '资讯源' },
  { value: 'user', label: ADMIN_TEXT.users },
  { value: 'feedback', label: '反馈' },
  { value: 'enquiry', label: '咨询' },
  { value: 'claim', label: '认领' },
  { value: 'digest', label: '摘要邮件' },
  { value: 'digest_run', label: '摘要发送批次' },
  { value: 'menu_item', label: '菜单' },
  { value: 'site', label: '主题' },
  { value: 'company_type', label: '公司类型' },
  { value: 'industry', label: '行业' },
  { value: 'subscription_keyword', label: '推荐关键词' },
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
  'headline.grant': '头条授权',
  'headline.revoke': '取消头条授权',
  'headline.restricted': '头条访问限制',
  'content.replace_file': '替换文件',
  'content.add_file': '添加文件',
  'content.remove_file': '移除文件',
  'organisation.create': '新建机构',
  'organisation.update': '编辑机构',
  'organisation.delete': '删除机构',
  'product.create': '新建产品',
  'product.update': '编辑产品',
  'product.delete': '删除产品',
  'product_content.create': '添加相关内容',
  'product_content.delete': '移除相关内容',
  'banner.create': '新建轮播图',
  'banner.update': '编辑轮播图',
  'banner.reorder': '调整轮播图顺序',
  'banner.delete': '删除轮播图',
  'feed.create': '添加资讯源',
  'feed.update': '编辑资讯源',
  'feed.delete': '删除资讯源',
  'feed.poll': '立即抓取',
  'inbox.update': '处理收件箱',
  'inbox.reply': '邮件回复',
  'mail.run_digest': '立即发送今日摘要',
  'mail.resend': '重发邮件',
  'site.menu_update': '编辑菜单',
  'site.theme_update': '编辑主题',
  'headline.split': '拆分同一事件',
  'catalogue.create': '新建目录项',
  'catalogue.rename': '重命名目录项',
  'catalogue.move': '调整目录顺序',
  'catalogue.delete': '删除目录项',
};
const ACTION_OPTIONS = Object.entries(ACTION_LABEL).map(([value, label]) => ({ value, label }));

/** Field names as the back-office's forms call them; others show as stored. */
const FIELD_LABEL: Record<string, string> = {
  title: '标题',
  status: '状态',
  file: '文件',
  content: '正文',
  source_name: '来源',
  source_url: '原文链接',
  source_type: '来源类型',
  industry: '行业',
  description: '摘要',
  abstract: '详情页摘要',
  toc: '目录',
  auto_tags: '自动标签',
  keywords: '标签',
  same_story: '同一事件',
  roles: '角色',
  restricted: '访问限制',
  organ_detail_menu: '机构菜单',
};
const STATUS_WORDS: Record<string, string> = ADMIN_TEXT.statusLabel;

/** A value as shown: publish states in words, empty as —. */
function word(field: string, value: string): string {
  if (value === '') {
    return ADMIN_TEXT.none;
  }
  return field === 'status' ? (STATUS_WORDS[value] ?? value) : value;
}

function Changes({ entry }: { entry: TAuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return <>{ADMIN_TEXT.none}</>;
  }
  return (
    <Space orientation="vertical" size={2}>
      {changes.slice(0, 8).map((change) => (
        <span key={change.field} className="admin-cell-text">
          {change.field ? (
            <Typography.Text type="secondary">{FIELD_LABEL[change.field] ?? change.field}：</Typography.Text>
          ) : null}
          <Typography.Text delete={change.before !== ''}>{word(change.field, change.before)}</Typography.Text>
          {' → '}
          <Typography.Text>{word(change.field, change.after)}</Typography.Text>
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
            aria-label={ADMIN_TEXT.filterTarget}
            placeholder={ADMIN_TEXT.auditFilterTarget}
            style={{ width: 140 }}
            options={TARGET_TYPES}
            value={params.filters.target_type}
            onChange={(value?: string) => setFilter('target_type', value)}
          />
          <Select
            allowClear
            aria-label={ADMIN_TEXT.filterAction}
            placeholder={ADMIN_TEXT.auditFilterAction}
            style={{ width: 160 }}
            options={ACTION_OPTIONS}
            value={params.filters.action}
            onChange={(value?: string) => setFilter('action', value)}
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
