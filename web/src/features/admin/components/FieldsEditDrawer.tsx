import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminContentRow, TAdminContentType, TValidator } from '@portal/contract';
import { App, Button, Drawer, Form, Input, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { adminApi, adminKeys } from '../api.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { contractRule } from './formRules.ts';

/** One text field of an editor: its API name, label, the contract's rule, and whether it is long. */
export type TEditField = { name: string; label: string; validate: TValidator; long?: boolean };

type TFieldsEditDrawerProps = {
  type: TAdminContentType;
  title: string;
  fields: readonly TEditField[];
  row: TAdminContentRow | null;
  onClose: () => void;
  /** Saves the values with the version the editor was loaded with. */
  save: (id: number, values: Record<string, string>, version: number) => Promise<unknown>;
};

/**
 * An editor of an item's text fields (insight topics, materials), loaded from
 * GET /api/admin/content/{type}/{id} and checked by the contract's rules. The save carries the
 * loaded version: a save over someone else's is refused by the server and changes nothing.
 */
export function FieldsEditDrawer({ type, title, fields, row, onClose, save }: TFieldsEditDrawerProps) {
  const [form] = Form.useForm<Record<string, string>>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = row?.id ?? 0;
  const detail = useQuery({
    queryKey: adminKeys.contentDetail(type, id),
    queryFn: () => adminApi.contentDetail(type, id),
    enabled: row !== null,
    staleTime: 0,
  });

  useEffect(() => {
    if (detail.data) {
      const values: Record<string, string> = { title: detail.data.title };
      for (const field of fields) {
        const value = field.name === 'title' ? detail.data.title : detail.data.fields[field.name];
        values[field.name] = typeof value === 'string' ? value : '';
      }
      form.setFieldsValue(values);
    }
  }, [detail.data, fields, form]);

  const submit = async (values: Record<string, string>) => {
    if (!detail.data) {
      return;
    }
    try {
      await save(id, values, detail.data.version);
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
      return;
    }
    void message.success(ADMIN_TEXT.saved);
    await queryClient.invalidateQueries({ queryKey: adminKeys.content(type) });
    onClose();
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={title}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{ADMIN_TEXT.cancel}</Button>
          <Button type="primary" onClick={() => form.submit()} disabled={!detail.data}>
            {ADMIN_TEXT.save}
          </Button>
        </Space>
      }
    >
      {detail.isPending ? <Spin /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={[contractRule(field.validate)]}
          >
            {field.long ? <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} /> : <Input />}
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
