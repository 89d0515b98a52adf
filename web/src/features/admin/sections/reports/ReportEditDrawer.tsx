import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  validateAdminDescription,
  validateAdminShortText,
  validateAdminTitle,
  validateAdminToc,
  type TAdminContentRow,
} from '@portal/contract';
import { App, Button, Divider, Drawer, Flex, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { adminApi, adminKeys } from '../../api.ts';
import { FileUploadButton } from '../../components/FileUploadButton.tsx';
import { useEditorClose } from '../../components/useEditorClose.ts';
import { contractRule } from '../../components/formRules.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { replaceReportFile } from './reportFileApi.ts';
import { ReportCompaniesField } from './ReportCompaniesField.tsx';
import { ReportTocField } from './ReportTocField.tsx';
import { reportFormValues, reportUpdateBody, type TReportForm } from './reportForm.ts';

/**
 * 编辑报告: title, source type, industry, abstract, tags, auto tags, contents and the companies in order (the first is
 * the publisher) with their status, checked by the contract's rules, and
 * 替换文件 (a new PDF with its progress, then 处理中 while the server ingests it). Both carry the
 * version the drawer was loaded with; if someone saved meanwhile the server refuses it
 * (该内容已被他人修改，请刷新后重试) and nothing changes. After a replace the drawer reloads the
 * report (new version and page count) and keeps what was typed in the form.
 */
export function ReportEditDrawer({ row, onClose }: { row: TAdminContentRow | null; onClose: () => void }) {
  const [form] = Form.useForm<TReportForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = row?.id ?? 0;
  const close = useEditorClose(form, adminKeys.contentDetail('report', id), onClose);
  const detail = useQuery({
    queryKey: adminKeys.contentDetail('report', id),
    queryFn: () => adminApi.contentDetail('report', id),
    enabled: row !== null,
    staleTime: 0,
  });

  useEffect(() => {
    // A reload after 替换文件 brings a new version; what the admin already typed stays.
    if (detail.data && !form.isFieldsTouched()) {
      form.setFieldsValue(reportFormValues(detail.data));
    }
  }, [detail.data, form]);

  const save = async (values: TReportForm) => {
    if (!detail.data) {
      return;
    }
    // Contents and auto tags go only when edited: the server then keeps them when it computes
    // metadata again, and computed ones are never refused by the editor's rules.
    const body = reportUpdateBody(values, detail.data.version);
    const { toc, auto_tags, ...rest } = body;
    await adminApi.updateReport(id, {
      ...rest,
      ...(form.isFieldTouched('toc') ? { toc } : {}),
      ...(form.isFieldTouched('auto_tags') ? { auto_tags } : {}),
    });
    void message.success(ADMIN_TEXT.saved);
    await queryClient.invalidateQueries({ queryKey: adminKeys.content('report') });
    close();
  };

  const replace = async (file: File, progress: Parameters<typeof replaceReportFile>[3]) => {
    if (!detail.data) {
      return;
    }
    const reply = await replaceReportFile(id, detail.data.version, file, progress);
    void message.success(ADMIN_TEXT.replacedPages(reply.page_count));
    await queryClient.invalidateQueries({ queryKey: adminKeys.content('report') });
  };
  const pages = Number(detail.data?.fields.page_count ?? 0);

  return (
    <Drawer
      open={row !== null}
      onClose={close}
      title={ADMIN_TEXT.editReport}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{ADMIN_TEXT.cancel}</Button>
          <Button type="primary" onClick={() => form.submit()} disabled={!detail.data}>
            {ADMIN_TEXT.save}
          </Button>
        </Space>
      }
    >
      {detail.isPending ? <Spin /> : null}
      <Form<TReportForm>
        form={form}
        layout="vertical"
        onFinish={(values) => save(values).catch(() => undefined)}
        preserve={false}
      >
        <Form.Item name="title" label={ADMIN_TEXT.fieldTitle} rules={[contractRule(validateAdminTitle)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="source_type"
          label={ADMIN_TEXT.fieldSourceType}
          rules={[contractRule(validateAdminShortText)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="industry"
          label={ADMIN_TEXT.fieldIndustry}
          rules={[contractRule(validateAdminShortText)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="description"
          label={ADMIN_TEXT.fieldDescription}
          rules={[contractRule(validateAdminDescription)]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
        <Form.Item
          name="abstract"
          label={ADMIN_TEXT.fieldAbstract}
          extra={ADMIN_TEXT.abstractHint}
          rules={[contractRule(validateAdminDescription)]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Form.Item name="keywords" label={ADMIN_TEXT.fieldKeywords} extra={ADMIN_TEXT.keywordsHint}>
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} />
        </Form.Item>
        <Form.Item name="auto_tags" label={ADMIN_TEXT.fieldAutoTags} extra={ADMIN_TEXT.autoTagsHint}>
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} />
        </Form.Item>
        <Form.Item
          name="toc"
          label={ADMIN_TEXT.fieldToc}
          extra={ADMIN_TEXT.tocHint}
          rules={[
            {
              validator: async (_rule, value: TReportForm['toc'] | undefined) => {
                // Untouched, the computed contents are not sent (see save), so not checked either.
                if (!form.isFieldTouched('toc')) {
                  return;
                }
                const message = validateAdminToc(value ?? [], pages);
                if (message !== null) {
                  throw new Error(message);
                }
              },
            },
          ]}
        >
          <ReportTocField pages={pages} />
        </Form.Item>
        <Form.Item name="companies" label={ADMIN_TEXT.fieldCompanies} extra={ADMIN_TEXT.companiesHint}>
          <ReportCompaniesField />
        </Form.Item>
      </Form>
      <Divider titlePlacement="start">{ADMIN_TEXT.replaceFile}</Divider>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{ADMIN_TEXT.replaceFileHint}</Typography.Text>
        {detail.data ? <Typography.Text>{ADMIN_TEXT.currentPages(pages)}</Typography.Text> : null}
        <FileUploadButton
          label={ADMIN_TEXT.replaceFile}
          accept="application/pdf,.pdf"
          disabled={!detail.data}
          send={replace}
        />
      </Flex>
    </Drawer>
  );
}
