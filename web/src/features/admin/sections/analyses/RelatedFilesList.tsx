import { ADMIN_RELATED_FILES_MAX, type TAdminAnalysisFiles } from '@portal/contract';
import { App, Button, Flex, List, Typography } from 'antd';
import type { TUploadProgress } from '../../../../api/uploadWithProgress.ts';
import { FileUploadButton } from '../../components/FileUploadButton.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { viewerApi } from './viewerApi.ts';

type TRelatedFilesListProps = {
  id: number;
  files: TAdminAnalysisFiles;
  onChanged: () => Promise<void>;
  upload: (file: File, progress: TUploadProgress) => Promise<void>;
};

/** 相关文件: the topic's related files, each openable and removable (after a confirmation), and one more to add. */
export function RelatedFilesList({ id, files, onChanged, upload }: TRelatedFilesListProps) {
  const { modal, message } = App.useApp();
  const remove = (index: number, title: string) =>
    modal.confirm({
      title: ADMIN_TEXT.confirmRemoveFile(title),
      content: ADMIN_TEXT.confirmRemoveFileBody,
      okText: ADMIN_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await viewerApi.removeRelated(id, index, files.version);
        void message.success(ADMIN_TEXT.deleted);
        await onChanged();
      },
    });
  return (
    <Flex vertical gap={8}>
      <List
        size="small"
        bordered
        dataSource={files.related.map((file, index) => ({ ...file, index }))}
        locale={{ emptyText: ADMIN_TEXT.empty }}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Typography.Link key="open" href={file.url} target="_blank" rel="noopener">
                {ADMIN_TEXT.openFile}
              </Typography.Link>,
              <Button
                key="remove"
                type="link"
                size="small"
                danger
                onClick={() => remove(file.index, file.title)}
              >
                {ADMIN_TEXT.remove}
              </Button>,
            ]}
          >
            <Typography.Text ellipsis>
              {file.title}
              <Typography.Text type="secondary"> · {file.ext}</Typography.Text>
            </Typography.Text>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary">{ADMIN_TEXT.relatedHint}</Typography.Text>
      <FileUploadButton
        label={ADMIN_TEXT.addRelated}
        accept="application/pdf,.pdf,.xlsx,.docx"
        disabled={files.related.length >= ADMIN_RELATED_FILES_MAX}
        send={upload}
      />
    </Flex>
  );
}
