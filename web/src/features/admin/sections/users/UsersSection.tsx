import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Role, type TAdminUser } from '@portal/contract';
import { App, Button, Input, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../../app/session/sessionStore.ts';
import { formatTime } from '../../components/formatTime.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { apiQuery } from '../../table/tableParams.ts';
import { useTableParams } from '../../table/useTableParams.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { UserDetailDrawer } from './UserDetailDrawer.tsx';
import { userName, usersApi, usersKeys } from './usersApi.ts';

const ROLE_OPTIONS = [
  { value: String(Role.user), label: ADMIN_TEXT.roleUser },
  { value: String(Role.admin), label: ADMIN_TEXT.roleAdmin },
];
const STATUS_OPTIONS = [
  { value: '1', label: ADMIN_TEXT.userActive },
  { value: '0', label: ADMIN_TEXT.userDisabled },
];

/**
 * 用户: search by phone or nickname, filter by role and status; per user the admin role, the
 * organisation menu flag and disable / enable, each behind a confirmation that says what it does.
 * The server refuses an admin's own demotion or disabling, with its message.
 */
export function UsersSection() {
  const { params, pagination, onChange, setFilter } = useTableParams();
  const query = apiQuery(params);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const [detailId, setDetailId] = useState<number | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: usersKeys.list(query),
    queryFn: () => usersApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });

  const confirm = (
    title: string,
    content: string,
    okText: string,
    danger: boolean,
    run: () => Promise<unknown>,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await run();
        void message.success(ADMIN_TEXT.saved);
        await refresh();
      },
    });

  const toggleAdmin = (user: TAdminUser) => {
    const isAdmin = user.roles.includes(Role.admin);
    const name = userName(user);
    confirm(
      isAdmin ? ADMIN_TEXT.confirmDropAdmin(name) : ADMIN_TEXT.confirmMakeAdmin(name),
      isAdmin ? ADMIN_TEXT.confirmDropAdminBody : ADMIN_TEXT.confirmMakeAdminBody,
      isAdmin ? ADMIN_TEXT.dropAdmin : ADMIN_TEXT.makeAdmin,
      isAdmin,
      () => usersApi.setRoles(user.id, isAdmin ? [Role.user] : [Role.user, Role.admin]),
    );
  };

  const toggleStatus = (user: TAdminUser) => {
    const name = userName(user);
    if (user.status === 1) {
      confirm(ADMIN_TEXT.confirmDisable(name), ADMIN_TEXT.confirmDisableBody, ADMIN_TEXT.disable, true, () =>
        usersApi.disable(user.id),
      );
    } else {
      confirm(ADMIN_TEXT.confirmEnable(name), ADMIN_TEXT.confirmEnableBody, ADMIN_TEXT.enable, false, () =>
        usersApi.enable(user.id),
      );
    }
  };

  const setOrganMenu = async (user: TAdminUser, on: boolean) => {
    await usersApi.setOrganMenu(user.id, on ? 1 : 0);
    void message.success(ADMIN_TEXT.saved);
    await refresh();
  };

  const columns: TableColumnsType<TAdminUser> = [
    { key: 'phone', title: ADMIN_TEXT.colPhone, dataIndex: 'phone', width: 130 },
    { key: 'nickname', title: ADMIN_TEXT.colNickname, render: (_, u) => u.nickname || ADMIN_TEXT.none },
    {
      key: 'roles',
      title: ADMIN_TEXT.colRoles,
      width: 110,
      render: (_, u) =>
        u.roles.includes(Role.admin) ? (
          <Tag color="warning">{ADMIN_TEXT.roleAdmin}</Tag>
        ) : (
          <Tag>{ADMIN_TEXT.roleUser}</Tag>
        ),
    },
    {
      key: 'status',
      title: ADMIN_TEXT.colStatus,
      width: 90,
      render: (_, u) =>
        u.status === 1 ? (
          <Tag color="success">{ADMIN_TEXT.userActive}</Tag>
        ) : (
          <Tag color="error">{ADMIN_TEXT.userDisabled}</Tag>
        ),
    },
    {
      key: 'organ_detail_menu',
      title: ADMIN_TEXT.colOrganMenu,
      width: 100,
      render: (_, u) => (
        <Switch
          size="small"
          aria-label={`${ADMIN_TEXT.colOrganMenu} ${userName(u)}`}
          checked={u.organ_detail_menu === 1}
          onChange={(on) => void setOrganMenu(u, on).catch(() => undefined)}
        />
      ),
    },
    {
      key: 'created_at',
      title: ADMIN_TEXT.colCreatedAt,
      width: 150,
      responsive: ['lg'],
      render: (_, u) => formatTime(u.created_at),
    },
    {
      key: 'last_active_at',
      title: ADMIN_TEXT.colLastActive,
      width: 150,
      responsive: ['md'],
      render: (_, u) => formatTime(u.last_active_at),
    },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      width: 210,
      fixed: 'right',
      render: (_, u) => {
        const self = me?.phone === u.phone;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setDetailId(u.id)}>
              {ADMIN_TEXT.details}
            </Button>
            <Button type="link" size="small" disabled={self} onClick={() => toggleAdmin(u)}>
              {u.roles.includes(Role.admin) ? ADMIN_TEXT.dropAdmin : ADMIN_TEXT.makeAdmin}
            </Button>
            <Button
              type="link"
              size="small"
              danger={u.status === 1}
              disabled={self}
              onClick={() => toggleStatus(u)}
            >
              {u.status === 1 ? ADMIN_TEXT.disable : ADMIN_TEXT.enable}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <SectionCard title={ADMIN_TEXT.users}>
      <Space wrap className="admin-toolbar">
        <Input.Search
          allowClear
          aria-label={ADMIN_TEXT.userKeyword}
          placeholder={ADMIN_TEXT.userKeyword}
          defaultValue={params.filters.keyword}
          style={{ width: 220 }}
          onSearch={(value) => setFilter('keyword', value.trim())}
        />
        <Select
          allowClear
          aria-label={ADMIN_TEXT.filterRole}
          placeholder={ADMIN_TEXT.allRoles}
          style={{ width: 120 }}
          options={ROLE_OPTIONS}
          value={params.filters.role}
          onChange={(value?: string) => setFilter('role', value)}
        />
        <Select
          allowClear
          aria-label={ADMIN_TEXT.filterStatus}
          placeholder={ADMIN_TEXT.allStatuses}
          style={{ width: 120 }}
          options={STATUS_OPTIONS}
          value={params.filters.status}
          onChange={(value?: string) => setFilter('status', value)}
        />
      </Space>
      <Table<TAdminUser>
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={pagination(data?.total ?? 0)}
        onChange={onChange}
        scroll={{ x: 760 }}
      />
      <UserDetailDrawer userId={detailId} onClose={() => setDetailId(null)} />
    </SectionCard>
  );
}
