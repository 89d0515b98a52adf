import { InboxOutlined } from '@ant-design/icons';
import { ADMIN_TEXT } from '../../../texts.ts';
import { Button, Checkbox, Flex, List, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadOneReport } from './reportUpload.ts';
import type { TUploadEntry } from './uploadQueue.ts';
import { useUploadQueue } from './useUploadQueue.ts';

function entryState(entry: TUploadEntry): string {
  switch (entry.phase) {
    case 'waiting':
      return ADMIN_TEXT.uploadWaiting;
    case 'uploading':
      return `${ADMIN_TEXT.uploadUploading} ${entry.percent}%`;
    case 'processing':
      return ADMIN_TEXT.uploadProcessing;
    case 'done':
      return ADMIN_TEXT.uploadDone(
        entry.status && entry.status !== 'failed' ? ADMIN_TEXT.statusLabel[entry.status] : '',
      );
    case 'failed':
      return `${ADMIN_TEXT.uploadFailed}：${entry.error ?? ''}`;
  }
}

function EntryRow({ entry }: { entry: TUploadEntry }) {
  const failed = entry.phase === 'failed';
  return (
    <List.Item data-testid="upload-entry" data-phase={entry.phase}>
      <Flex vertical style={{ width: '100%' }} gap={2}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text ellipsis style={{ maxWidth: '60%' }}>
            {entry.name}
          </Typography.Text>
          <Typography.Text type={failed ? 'danger' : entry.phase === 'done' ? 'success' : 'secondary'}>
            {entryState(entry)}
          </Typography.Text>
        </Flex>
        <Progress
          percent={entry.percent}
          size="small"
          showInfo={false}
          status={
            failed
              ? 'exception'
              : entry.phase === 'processing'
                ? 'active'
                : entry.phase === 'done'
                  ? 'success'
                  : 'normal'
          }
        />
      </Flex>
    </List.Item>
  );
}

type TUploadPanelProps = { open: boolean; onClose: () => void; onUploaded: () => void };

/**
 * 上传报告: choose or drop one or many PDFs; each goes on its own request with its own progress
 * bar, then 处理中 while the server ingests it, then its result (草稿 / 已发布, or the reason it
 * was refused). Closing the dialog keeps uploads running; the table refreshes after each file.
 */
export function UploadPanel({ open, onClose, onUploaded }: TUploadPanelProps) {
  const [publish, setPublish] = useState(false);
  const queue = useUploadQueue(uploadOneReport, publish, onUploaded);
  return (
    <Modal
      open={open}
      title={ADMIN_TEXT.uploadReports}
      onCancel={onClose}
      forceRender
      footer={
        <Flex justify="space-between">
          <Button onClick={queue.clearFinished} disabled={queue.entries.length === 0}>
            {ADMIN_TEXT.clearFinished}
          </Button>
          <Button type="primary" onClick={onClose}>
            {ADMIN_TEXT.close}
          </Button>
        </Flex>
      }
    >
      <Checkbox
        checked={publish}
        onChange={(event) => setPublish(event.target.checked)}
        style={{ marginBottom: 12 }}
      >
        {ADMIN_TEXT.publishOnUpload}
      </Checkbox>
      <Upload.Dragger
        multiple
        accept=".pdf,application/pdf"
        showUploadList={false}
        // The queue sends the files itself (one request each, with progress); antd only picks them.
        beforeUpload={(file, fileList) => {
          if (file === fileList[0]) {
            queue.add(fileList);
          }
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{ADMIN_TEXT.uploadHint}</p>
        <p className="ant-upload-hint">{ADMIN_TEXT.uploadLimits}</p>
      </Upload.Dragger>
      {queue.entries.length > 0 ? (
        <List
          size="small"
          style={{ marginTop: 12 }}
          dataSource={queue.entries}
          rowKey="uid"
          renderItem={(entry) => <EntryRow entry={entry} />}
        />
      ) : null}
    </Modal>
  );
}
