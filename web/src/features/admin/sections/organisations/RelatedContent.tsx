import { useQueryClient } from '@tanstack/react-query';
import {
  validateAdminTitle,
  validateProductText,
  type TAdminProductDetail,
  type TAdminRelatedContent,
} from '@portal/contract';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  List,
  Segmented,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { contractRule } from '../../components/formRules.ts';
import { formatTime } from '../../components/formatTime.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { FileKeyUpload } from './FileKeyUpload.tsx';
import { organisationsApi, organisationsKeys } from './organisationsApi.ts';
import { ORGAN_TEXT } from './organTexts.ts';

type TAddForm = {
  report_id?: number;
  title?: string;
  video_url?: string;
  video_duration?: number;
  text?: string;
  authorization_required?: boolean;
};

/**
 * A product's related content: the list (report or video, whether it needs the user's
 * authorization) with 删除, and a form that links a report by id or adds a video page.
 */
export function RelatedContent({ product }: { product: TAdminProductDetail }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<1 | 2>(1);
  const [form] = Form.useForm<TAddForm>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: organisationsKeys.all });

  const add = async (values: TAddForm) => {
    const authorization_required = values.authorization_required ? 1 : 0;
    try {
      await organisationsApi.createContent(
        product.id,
        kind === 1
          ? { type: 1, report_id: values.report_id ?? 0, authorization_required }
          : {
              type: 2,
              title: values.title ?? '',
              video_url: values.video_url ?? '',
              video_duration: values.video_duration ?? 0,
              text: values.text ?? '',
              authorization_required,
            },
      );
    } catch {
      return;
    }
    void message.success(ADMIN_TEXT.saved);
    form.resetFields();
    await refresh();
  };

  const remove = (c: TAdminRelatedContent) =>
    modal.confirm({
      title: ORGAN_TEXT.confirmDeleteContent(c.title),
      content: ORGAN_TEXT.deleteContentBody,
      okText: ADMIN_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await organisationsApi.removeContent(c.id);
        await refresh();
      },
    });

  return (
    <>
      <List<TAdminRelatedContent>
        size="small"
        dataSource={product.content_list}
        locale={{ emptyText: ADMIN_TEXT.empty }}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button key="remove" type="link" size="small" danger onClick={() => remove(c)}>
                {ADMIN_TEXT.remove}
              </Button>,
            ]}
          >
            <Space wrap>
              <Tag>{c.type === 1 ? ORGAN_TEXT.relatedReport : ORGAN_TEXT.relatedVideo}</Tag>
              <Typography.Text>{c.title}</Typography.Text>
              {c.authorization_required === 1 ? (
                <Tag color="warning">{ORGAN_TEXT.authorizationRequired}</Tag>
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(c.published_at)}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <Segmented<1 | 2>
        style={{ margin: '12px 0' }}
        value={kind}
        onChange={setKind}
        options={[
          { value: 1, label: ORGAN_TEXT.addReport },
          { value: 2, label: ORGAN_TEXT.addVideo },
        ]}
      />
      <Form form={form} layout="vertical" onFinish={(values) => void add(values)}>
        {kind === 1 ? (
          <Form.Item
            name="report_id"
            label={ORGAN_TEXT.reportId}
            rules={[{ required: true, message: ORGAN_TEXT.reportIdRequired }]}
          >
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="title" label={ORGAN_TEXT.fieldTitle} rules={[contractRule(validateAdminTitle)]}>
              <Input />
            </Form.Item>
            <Form.Item name="video_url" label={ORGAN_TEXT.videoFile}>
              <FileKeyUpload upload={organisationsApi.upload} accept=".mp4" alt={ORGAN_TEXT.videoFile} />
            </Form.Item>
            <Form.Item name="video_duration" label={ORGAN_TEXT.videoDuration}>
              <InputNumber min={0} max={86400} precision={0} />
            </Form.Item>
            <Form.Item
              name="text"
              label={ORGAN_TEXT.fieldText}
              extra={ORGAN_TEXT.textHint}
              rules={[contractRule(validateProductText)]}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </>
        )}
        <Form.Item name="authorization_required" valuePropName="checked">
          <Checkbox>{ORGAN_TEXT.authorizationRequired}</Checkbox>
        </Form.Item>
        <Button htmlType="submit">{kind === 1 ? ORGAN_TEXT.addReport : ORGAN_TEXT.addVideo}</Button>
      </Form>
    </>
  );
}
