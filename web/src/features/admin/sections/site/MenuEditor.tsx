import { useQuery, useQueryClient } from '@tanstack/react-query';
import { validateMenuLabel, validateMenuPath, type TAdminMenuItem } from '@portal/contract';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useEffect, useState } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { siteApi, siteKeys } from './siteApi.ts';

type TMenuRow = TAdminMenuItem & { children?: TMenuRow[] };
type TMenuForm = { title: string; path: string; sort_order: number; enabled: boolean };

/** Flat rows (parents first) → the tree the table shows. */
function tree(items: readonly TAdminMenuItem[]): TMenuRow[] {
  const byId = new Map<number, TMenuRow>();
  const roots: TMenuRow[] = [];
  for (const item of items) {
    const row: TMenuRow = { ...item };
    byId.set(item.id, row);
    const parent = item.parent_id === null ? undefined : byId.get(item.parent_id);
    if (parent) {
      (parent.children ??= []).push(row);
    } else {
      roots.push(row);
    }
  }
  return roots;
}

/**
 * 菜单: the user's sidebar menu — label, path, order among its siblings, shown or hidden — each
 * item edited in a dialog checked by the contract's rules, saved at the version it was loaded
 * (a save over someone else's is refused). Users see the change on their next page load.
 */
export function MenuEditor() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TMenuForm>();
  const [editing, setEditing] = useState<TAdminMenuItem | null>(null);
  const { data, isFetching } = useQuery({ queryKey: siteKeys.menu, queryFn: siteApi.menu });

  useEffect(() => {
    if (editing) {
      form.setFieldsValue({
        title: editing.title,
        path: editing.path,
        sort_order: editing.sort_order,
        enabled: editing.enabled,
      });
    }
  }, [editing, form]);

  const save = async (values: TMenuForm) => {
    if (!editing) {
      return;
    }
    try {
      await siteApi.updateMenuItem(editing.id, { ...values, version: editing.version });
    } catch {
      return; // the API client has shown the server's message
    }
    void message.success(ADMIN_TEXT.saved);
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: siteKeys.menu });
  };

  const columns: TableColumnsType<TMenuRow> = [
    { key: 'title', title: ADMIN_TEXT.menuLabel, dataIndex: 'title' },
    { key: 'path', title: ADMIN_TEXT.menuPath, dataIndex: 'path', responsive: ['md'] },
    { key: 'sort_order', title: ADMIN_TEXT.menuOrder, dataIndex: 'sort_order', width: 80 },
    {
      key: 'enabled',
      title: ADMIN_TEXT.menuShown,
      width: 90,
      render: (_, row) =>
        row.enabled ? <Tag color="success">{ADMIN_TEXT.menuOn}</Tag> : <Tag>{ADMIN_TEXT.menuOff}</Tag>,
    },
    {
      key: 'actions',
      title: ADMIN_TEXT.actions,
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setEditing(row)}>
          {ADMIN_TEXT.edit}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Table<TMenuRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={tree(data?.items ?? [])}
        loading={isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
      />
      <Modal
        open={editing !== null}
        title={editing ? ADMIN_TEXT.editMenuItem(editing.title) : ''}
        okText={ADMIN_TEXT.save}
        cancelText={ADMIN_TEXT.cancel}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<TMenuForm> form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item name="title" label={ADMIN_TEXT.menuLabel} rules={[contractRule(validateMenuLabel)]}>
            <Input />
          </Form.Item>
          <Form.Item name="path" label={ADMIN_TEXT.menuPath} rules={[contractRule(validateMenuPath)]}>
            <Input />
          </Form.Item>
          <Form.Item name="sort_order" label={ADMIN_TEXT.menuOrder}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={ADMIN_TEXT.menuShown} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
