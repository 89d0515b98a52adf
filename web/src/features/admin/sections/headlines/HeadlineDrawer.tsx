import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  validateAdminSource,
  validateAdminTitle,
  validateAdminUrl,
  validateHeadlineContent,
  type TAdminContentRow,
} from '@portal/contract';
import { App, Button, Drawer, Form, Input, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { SandboxedHtml } from '../../../../components/SandboxedHtml.tsx';
import { adminApi, adminKeys } from '../../api.ts';
import { contractRule } from '../../components/formRules.ts';
import { useEditorClose } from '../../components/useEditorClose.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { HeadlineCover } from './HeadlineCover.tsx';
import { HeadlineStory } from './HeadlineStory.tsx';
import { EMPTY_HEADLINE, headlineBody, headlineFormValues, type THeadlineForm } from './headlineForm.ts';

/** What the drawer edits: a new headline, or an existing row. */
export type THeadlineTarget = { mode: 'create' } | { mode: 'edit'; row: TAdminContentRow };

/**
 * 新建头条 / 编辑头条: title, source, original link, the cover (once saved) and the body as HTML
 * with a sandboxed preview (the server sanitises the HTML either way, and user screens show it sandboxed too).
 * A new headline is published at once or saved as a draft; an edit carries its version.
 */
export function HeadlineDrawer({ target, onClose }: { target: THeadlineTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<THeadlineForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const editId = target?.mode === 'edit' ? target.row.id : 0;
  const close = useEditorClose(form, adminKeys.contentDetail('headline', editId), onClose);
  const detail = useQuery({
    queryKey: adminKeys.contentDetail('headline', editId),
    queryFn: () => adminApi.contentDetail('headline', editId),
    enabled: editId > 0,
    staleTime: 0,
  });
  const content = Form.useWatch('content', form) ?? '';

  useEffect(() => {
    if (target?.mode === 'create') {
      form.setFieldsValue(EMPTY_HEADLINE);
    } else if (detail.data && !form.isFieldsTouched()) {
      // A reload after a cover upload brings a new version; what the admin already typed stays.
      form.setFieldsValue(headlineFormValues(detail.data));
    }
  }, [target, detail.data, form]);

  const submit = async (draft: boolean) => {
    let values: THeadlineForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (target?.mode === 'edit') {
        if (!detail.data) {
          return;
        }
        await adminApi.updateHeadline(editId, { ...headlineBody(values), version: detail.data.version });
        void message.success(ADMIN_TEXT.saved);
      } else {
        await adminApi.createHeadline({ ...headlineBody(values), draft });
        void message.success(ADMIN_TEXT.created);
      }
      await queryClient.invalidateQueries({ queryKey: adminKeys.content('headline') });
      close();
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const editing = target?.mode === 'edit';
  return (
    <Drawer
      open={target !== null}
      onClose={close}
      title={editing ? ADMIN_TEXT.editHeadline : ADMIN_TEXT.newHeadline}
      size={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{ADMIN_TEXT.cancel}</Button>
          {editing ? (
            <Button
              type="primary"
              loading={saving}
              disabled={!detail.data}
              onClick={() => void submit(false)}
            >
              {ADMIN_TEXT.save}
            </Button>
          ) : (
            <>
              <Button loading={saving} onClick={() => void submit(true)}>
                {ADMIN_TEXT.saveDraft}
              </Button>
              <Button type="primary" loading={saving} onClick={() => void submit(false)}>
                {ADMIN_TEXT.createAndPublish}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {editing && detail.isPending ? <Spin /> : null}
      <Form<THeadlineForm> form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label={ADMIN_TEXT.fieldTitle} rules={[contractRule(validateAdminTitle)]}>
          <Input />
        </Form.Item>
        <Form.Item name="source" label={ADMIN_TEXT.fieldSource} rules={[contractRule(validateAdminSource)]}>
          <Input />
        </Form.Item>
        <Form.Item name="url" label={ADMIN_TEXT.fieldUrl} rules={[contractRule(validateAdminUrl)]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Tabs
          items={[
            {
              key: 'html',
              label: ADMIN_TEXT.fieldContent,
              forceRender: true,
              children: (
                <Form.Item
                  name="content"
                  rules={[contractRule(validateHeadlineContent)]}
                  extra={ADMIN_TEXT.contentHint}
                >
                  <Input.TextArea
                    aria-label={ADMIN_TEXT.fieldContent}
                    autoSize={{ minRows: 10, maxRows: 24 }}
                    spellCheck={false}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'preview',
              label: ADMIN_TEXT.preview,
              children: <SandboxedHtml html={content} title={ADMIN_TEXT.preview} className="admin-preview" />,
            },
          ]}
        />
      </Form>
      {editing ? (
        <>
          <HeadlineCover detail={detail.data} />
          <HeadlineStory detail={detail.data} />
        </>
      ) : (
        <Typography.Text type="secondary">{ADMIN_TEXT.headlineCoverAfterCreate}</Typography.Text>
      )}
    </Drawer>
  );
}
