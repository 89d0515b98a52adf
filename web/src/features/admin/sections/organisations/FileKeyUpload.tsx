import { UploadOutlined } from '@ant-design/icons';
import type { TAdminUploadedFile } from '@portal/contract';
import { Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { ORGAN_TEXT } from './organTexts.ts';

const PREVIEW = {
  maxWidth: 200,
  maxHeight: 100,
  objectFit: 'contain',
  border: '1px solid #f0f0f0',
  borderRadius: 4,
} as const;

/** The URL a stored key or an http(s) address is shown from (uploads of this kind are public files). */
export function previewUrl(key: string): string {
  return key === '' || /^https?:\/\//i.test(key) ? key : `/files/${key}`;
}

type TFileKeyUploadProps = {
  /** The stored file's key, as the save sends it ('' when none). */
  value?: string;
  onChange?: (key: string) => void;
  upload: (file: File) => Promise<TAdminUploadedFile>;
  accept?: string;
  /** Label of the preview image (the field's name). */
  alt: string;
  /** Whether an empty value is allowed (a logo may be removed; a banner needs its image). */
  clearable?: boolean;
};

/**
 * A form field holding an uploaded file's key: 上传 sends the file at once (the server checks it
 * by content and answers its own message on refusal), then the preview shows what was stored.
 */
export function FileKeyUpload({
  value = '',
  onChange,
  upload,
  accept,
  alt,
  clearable = true,
}: TFileKeyUploadProps) {
  const [busy, setBusy] = useState(false);
  const url = previewUrl(value);
  const isVideo = /\.mp4$/i.test(value);
  return (
    <Flex gap={12} align="center" wrap>
      {url === '' ? null : isVideo ? (
        <video src={url} style={PREVIEW} controls muted aria-label={alt} />
      ) : (
        <img src={url} alt={alt} style={PREVIEW} />
      )}
      <Upload
        accept={accept ?? '.jpg,.jpeg,.png,.bmp'}
        showUploadList={false}
        customRequest={({ file }) => {
          setBusy(true);
          upload(file as File)
            .then((stored) => onChange?.(stored.key))
            // The API client has shown the server's reason; the field keeps its value.
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value === '' ? ORGAN_TEXT.upload : ORGAN_TEXT.replace}
        </Button>
      </Upload>
      {clearable && value !== '' ? (
        <Button type="link" onClick={() => onChange?.('')}>
          {ORGAN_TEXT.clear}
        </Button>
      ) : null}
    </Flex>
  );
}
