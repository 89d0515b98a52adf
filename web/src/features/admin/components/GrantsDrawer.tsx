import { useQuery, useQueryClient } from '@tanstack/react-query';
import { validatePhone, type TAdminContentRow, type TAdminGrant } from '@portal/contract';
import {
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Switch,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ADMIN_TEXT } from '../texts.ts';
import { contractRule } from './formRules.ts';
import { formatTime } from './formatTime.ts';
import { grantsApi, grantsKey, type TGrantKind } from './grantsApi.ts';

type TGrantsDrawerProps = { kind: TGrantKind; row: TAdminContentRow | null; onClose: () => void };

/**
 * 授权: an insight topic's or a headline's restricted flag and the users granted it — add by
 * phone, revoke with a confirmation. A granted user opens it at once; a revoked one sees
 * 暂无查看权限 again.
 */
export function GrantsDrawer({ kind, row, onClose }: TGrantsDrawerProps) {
  const id = row?.id ?? 0;
  const calls = grantsApi(kind);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ phone: string }>();
  const { data, isFetching } = useQuery({
    queryKey: grantsKey(kind, id),
    queryFn: () => calls.list(id),
    enabled: row !== null,
  });
  const put = (reply: Awaited<ReturnType<typeof calls.list>>) =>
    queryClient.setQueryData(grantsKey(kind, id), reply);

  const revoke = (grant: TAdminGrant) =>
    modal.confirm({
      title: ADMIN_TEXT.confirmRevoke(grant.nickname || grant.phone),
      content: ADMIN_TEXT.confirmRevokeBody,
      okText: ADMIN_TEXT.revoke,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        put(await calls.revoke(id, grant.user_id));
        void message.success(ADMIN_TEXT.saved);
      },
    });

  const columns: TableColumnsType<TAdminGrant> = [
    { key: 'phone', title: ADMIN_TEXT.colPhone, dataIndex: 'phone' },
    { key: 'nickname', title: ADMIN_TEXT.colNickname, render: (_, g) => g.nickname || ADMIN_TEXT.none },
    { key: 'granted_at', title: ADMIN_TEXT.grantedAt, render: (_, g) => formatTime(g.granted_at) },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      render: (_, g) => (
        <Button type="link" size="small" danger onClick={() => revoke(g)}>
          {ADMIN_TEXT.revoke}
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? ADMIN_TEXT.grantsTitle(row.title) : ''}
      size={560}
      destroyOnHidden
    >
      <Flex align="center" gap={8}>
        <Switch
          aria-label={ADMIN_TEXT.restricted}
          checked={data?.restricted === 1}
          disabled={!data}
          onChange={(on) =>
            void calls
              .setRestricted(id, on ? 1 : 0)
              .then((reply) => {
                put(reply);
                void message.success(ADMIN_TEXT.saved);
              })
              .catch(() => undefined)
          }
        />
        <Typography.Text strong>{ADMIN_TEXT.restricted}</Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {kind === 'headlines' ? ADMIN_TEXT.restrictedHeadlineHint : ADMIN_TEXT.restrictedHint}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={({ phone }) =>
          void calls
            .grant(id, phone.trim())
            .then((reply) => {
              put(reply);
              form.resetFields();
              void message.success(ADMIN_TEXT.saved);
            })
            .catch(() => undefined)
        }
      >
        <Form.Item name="phone" rules={[contractRule(validatePhone)]}>
          <Input
            aria-label={ADMIN_TEXT.grantPhone}
            placeholder={ADMIN_TEXT.grantPhone}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {ADMIN_TEXT.grant}
        </Button>
      </Form>
      <Table<TAdminGrant>
        rowKey="user_id"
        size="small"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={false}
      />
    </Drawer>
  );
}
