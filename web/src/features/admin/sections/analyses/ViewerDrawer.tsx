import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_VIEWER_TYPES,
  DASHBOARD_VIEWERS,
  FILE_VIEWERS,
  isFileViewer,
  MSG,
  validateAdminDescription,
  validateViewerUrl,
  validateWorkbook,
  type TAdminAnalysisFiles,
  type TAdminContentRow,
  type TAdminViewerType,
} from '@portal/contract';
import {
  App,
  Button,
  Divider,
  Drawer,
  Flex,
  Form,
  Image,
  Input,
  Select,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import type { TUploadProgress } from '../../../../api/uploadWithProgress.ts';
import { adminKeys } from '../../api.ts';
import { FileUploadButton } from '../../components/FileUploadButton.tsx';
import { contractRule } from '../../components/formRules.ts';
import { useEditorClose } from '../../components/useEditorClose.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { RelatedFilesList } from './RelatedFilesList.tsx';
import { viewerApi, viewerKey, type TTopicUpload } from './viewerApi.ts';

type TViewerForm = {
  anal_data_ext: TAdminViewerType;
  url: string;
  work_book: string;
  tab_visible: boolean;
  tool_bar_visible: boolean;
  target: string;
};

const TYPE_OPTIONS = ADMIN_VIEWER_TYPES.map((type) => ({ value: type, label: ADMIN_TEXT.viewerLabel[type] }));
const ACCEPT: Record<string, string> = {
  pdf: 'application/pdf,.pdf',
  xlsx: '.xlsx',
  docx: '.docx',
};

const formOf = (files: TAdminAnalysisFiles): TViewerForm => ({
  anal_data_ext: (ADMIN_VIEWER_TYPES as readonly string[]).includes(files.anal_data_ext)
    ? (files.anal_data_ext as TAdminViewerType)
    : 'pdf',
  url: files.url,
  work_book: files.work_book,
  tab_visible: files.tab_visible,
  tool_bar_visible: files.tool_bar_visible,
  target: files.target,
});

/**
 * 查看与文件: an insight topic's viewer type and its settings (dashboard address and switches,
 * Tableau workbook, the classifier's model address), checked by the contract's rules; the
 * viewer's own file, the card cover and the related files, each uploaded with its progress.
 * Every write carries the version the drawer holds; the user's topic page shows it at once.
 */
export function ViewerDrawer({ row, onClose }: { row: TAdminContentRow | null; onClose: () => void }) {
  const id = row?.id ?? 0;
  const [form] = Form.useForm<TViewerForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const close = useEditorClose(form, viewerKey(id), onClose);
  const files = useQuery({
    queryKey: viewerKey(id),
    queryFn: () => viewerApi.files(id),
    enabled: row !== null,
    staleTime: 0,
  });
  const type = Form.useWatch('anal_data_ext', form);
  const dashboard = type !== undefined && DASHBOARD_VIEWERS.includes(type);

  useEffect(() => {
    if (files.data && !form.isFieldsTouched()) {
      form.setFieldsValue(formOf(files.data));
    }
  }, [files.data, form]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: viewerKey(id) });
    await queryClient.invalidateQueries({ queryKey: adminKeys.content('analysis') });
  };

  const save = async (values: TViewerForm) => {
    if (!files.data) {
      return;
    }
    try {
      await viewerApi.update(id, { ...values, version: files.data.version });
    } catch {
      return; // the API client has shown the server's message
    }
    void message.success(ADMIN_TEXT.saved);
    form.resetFields();
    await refresh();
  };

  const upload = (what: TTopicUpload) => async (file: File, progress: TUploadProgress) => {
    if (!files.data) {
      return;
    }
    await viewerApi.upload(id, what, files.data.version, file, progress);
    void message.success(ADMIN_TEXT.saved);
    await refresh();
  };

  const data = files.data;
  const savedType = data?.anal_data_ext ?? '';
  return (
    <Drawer
      open={row !== null}
      onClose={close}
      title={row ? ADMIN_TEXT.viewerTitle(row.title) : ''}
      size={560}
      destroyOnHidden
    >
      {files.isPending ? <Spin /> : null}
      <Form<TViewerForm>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        preserve={false}
        disabled={!data}
      >
        <Form.Item
          name="anal_data_ext"
          label={ADMIN_TEXT.viewerType}
          rules={[{ required: true, message: MSG.adminViewerTypeInvalid }]}
        >
          <Select options={TYPE_OPTIONS} />
        </Form.Item>
        {dashboard || type === 'baidu_ai' ? (
          <Form.Item
            name="url"
            label={type === 'baidu_ai' ? ADMIN_TEXT.modelUrl : ADMIN_TEXT.viewerUrl}
            rules={[
              ...(dashboard
                ? [{ required: true, whitespace: true, message: MSG.adminViewerUrlRequired }]
                : []),
              contractRule(validateViewerUrl),
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        ) : null}
        {type === 'tableau' ? (
          <Form.Item
            name="work_book"
            label={ADMIN_TEXT.workBook}
            rules={[
              { required: true, whitespace: true, message: MSG.adminWorkbookRequired },
              contractRule(validateWorkbook),
            ]}
          >
            <Input />
          </Form.Item>
        ) : null}
        {dashboard ? (
          <Flex gap={24}>
            <Form.Item name="tab_visible" label={ADMIN_TEXT.tabVisible} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="tool_bar_visible" label={ADMIN_TEXT.toolBarVisible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
        ) : null}
        <Form.Item name="target" label={ADMIN_TEXT.target} rules={[contractRule(validateAdminDescription)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {ADMIN_TEXT.saveViewer}
        </Button>
      </Form>

      <Divider titlePlacement="start">{ADMIN_TEXT.viewerFile}</Divider>
      {data && isFileViewer(savedType) ? (
        <Flex vertical gap={8}>
          {data.file_url ? (
            <Typography.Link href={data.file_url} target="_blank" rel="noopener">
              {ADMIN_TEXT.openFile}
            </Typography.Link>
          ) : (
            <Typography.Text type="warning">{ADMIN_TEXT.viewerFileNone}</Typography.Text>
          )}
          <FileUploadButton
            label={ADMIN_TEXT.viewerFileHint(FILE_VIEWERS[savedType])}
            accept={ACCEPT[FILE_VIEWERS[savedType]] ?? ''}
            send={upload('viewer-file')}
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{ADMIN_TEXT.viewerFileNeedsType}</Typography.Text>
      )}

      <Divider titlePlacement="start">{ADMIN_TEXT.cover}</Divider>
      <Flex gap={16} align="center" wrap>
        {data?.cover_url ? <Image src={data.cover_url} width={96} alt={ADMIN_TEXT.cover} /> : null}
        <FileUploadButton
          label={ADMIN_TEXT.upload}
          accept="image/jpeg,image/png"
          disabled={!data}
          send={upload('cover')}
        />
        <Typography.Text type="secondary">{ADMIN_TEXT.coverHint}</Typography.Text>
      </Flex>

      <Divider titlePlacement="start">{ADMIN_TEXT.relatedFiles}</Divider>
      {data ? (
        <RelatedFilesList id={id} files={data} onChanged={refresh} upload={upload('related-files')} />
      ) : null}
    </Drawer>
  );
}
