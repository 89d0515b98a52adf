import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/errorMessage.ts';
import type { TUploadProgress } from '../../../api/uploadWithProgress.ts';
import { ADMIN_TEXT } from '../texts.ts';

type TPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing' }
  | { kind: 'failed'; message: string };

type TFileUploadButtonProps = {
  label: string;
  accept: string;
  /** Sends the file; resolves when the server has taken it (its message is shown by the caller). */
  send: (file: File, progress: TUploadProgress) => Promise<unknown>;
  disabled?: boolean;
};

/**
 * One file sent with its own progress bar (XMLHttpRequest), then 处理中 while the server works on
 * it, then nothing (success) or the server's Chinese reason in red. The file is checked by the
 * server, by its bytes; `accept` only narrows the file picker.
 */
export function FileUploadButton({ label, accept, send, disabled }: TFileUploadButtonProps) {
  const [phase, setPhase] = useState<TPhase>({ kind: 'idle' });
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const start = async (file: File) => {
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      await send(file, {
        onProgress: (fraction) => setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }),
        onSent: () => setPhase({ kind: 'processing' }),
      });
      setPhase({ kind: 'idle' });
    } catch (error) {
      setPhase({ kind: 'failed', message: errorMessage(error, ADMIN_TEXT.uploadFailed) });
    }
  };
  return (
    <Flex vertical gap={4}>
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
          {label}
        </Button>
      </Upload>
      {phase.kind === 'uploading' ? (
        <Progress percent={phase.percent} size="small" aria-label={ADMIN_TEXT.uploadUploading} />
      ) : null}
      {phase.kind === 'processing' ? (
        <Flex vertical gap={0}>
          <Progress percent={100} size="small" status="active" showInfo={false} />
          <Typography.Text type="secondary">{ADMIN_TEXT.uploadProcessing}</Typography.Text>
        </Flex>
      ) : null}
      {phase.kind === 'failed' ? (
        <Typography.Text type="danger" role="alert">
          {phase.message}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
