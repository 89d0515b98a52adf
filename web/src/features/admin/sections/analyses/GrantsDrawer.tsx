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
import { contractRule } from '../../components/formRules.ts';
import { formatTime } from '../../components/formatTime.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { grantsApi, grantsKey } from './grantsApi.ts';

/**
 * 授权: an insight topic's restricted flag and the users granted it — add by phone, revoke with
 * a confirmation. A granted user opens the topic at once; a revoked one sees 暂无查看权限 again.
 */
export function GrantsDrawer({ row, onClose }: { row: TAdminContentRow | null; onClose: () => void }) {
  const id = row?.id ?? 0;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ phone: string }>();
  const { data, isFetching } = useQuery({
    queryKey: grantsKey(id),
    queryFn: () => grantsApi.list(id),
    enabled: row !== null,
  });
  const put = (reply: Awaited<ReturnType<typeof grantsApi.list>>) =>
    queryClient.setQueryData(grantsKey(id), reply);

  const revoke = (grant: TAdminGrant) =>
    modal.confirm({
      title: ADMIN_TEXT.confirmRevoke(grant.nickname || grant.phone),
      content: ADMIN_TEXT.confirmRevokeBody,
      okText: ADMIN_TEXT.revoke,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        put(await grantsApi.revoke(id, grant.user_id));
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
            void grantsApi
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
        {ADMIN_TEXT.restrictedHint}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={({ phone }) =>
          void grantsApi
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
