import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminContentRow } from '@portal/contract';
import { App, Button, Drawer, Flex, Image, Spin, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { TUploadProgress } from '../../../../api/uploadWithProgress.ts';
import { adminKeys } from '../../api.ts';
import { FileUploadButton } from '../../components/FileUploadButton.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { materialFileApi, materialFileKey } from './materialFileApi.ts';

const PICTURES = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * 素材文件: the material's picture or video as users see it, and its replacement — a picture
 * (JPG/PNG/WebP/GIF) or a video (MP4/WebM) with an optional poster; without one the server
 * draws a poster as the demo seed does. The server checks every file by its bytes.
 */
export function MaterialFileDrawer({ row, onClose }: { row: TAdminContentRow | null; onClose: () => void }) {
  const id = row?.id ?? 0;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [poster, setPoster] = useState<File | null>(null);
  const current = useQuery({
    queryKey: materialFileKey(id),
    queryFn: () => materialFileApi.file(id),
    enabled: row !== null,
    staleTime: 0,
  });
  const data = current.data;

  const send = async (file: File, progress: TUploadProgress) => {
    if (!data) {
      return;
    }
    await materialFileApi.upload(id, data.version, file, poster, progress);
    setPoster(null);
    void message.success(ADMIN_TEXT.saved);
    await queryClient.invalidateQueries({ queryKey: materialFileKey(id) });
    await queryClient.invalidateQueries({ queryKey: adminKeys.content('material') });
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? ADMIN_TEXT.materialFileTitle(row.title) : ''}
      size={520}
      destroyOnHidden
    >
      {current.isPending ? <Spin /> : null}
      {data ? (
        <Flex vertical gap={16}>
          <Flex gap={16} align="flex-start" wrap>
            <Image src={data.image_url} width={160} alt={row?.title ?? ''} />
            <Flex vertical gap={8}>
              <Tag>
                {data.material_type === 'video'
                  ? ADMIN_TEXT.materialVideo(data.video_duration)
                  : ADMIN_TEXT.materialImage}
              </Tag>
              {data.video_url ? (
                <Typography.Link href={data.video_url} target="_blank" rel="noopener">
                  {ADMIN_TEXT.openFile}
                </Typography.Link>
              ) : null}
            </Flex>
          </Flex>
          <Typography.Text type="secondary">{ADMIN_TEXT.materialFileHint}</Typography.Text>
          <Typography.Text type="secondary">{ADMIN_TEXT.materialPosterHint}</Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Upload
              accept={PICTURES}
              showUploadList={false}
              beforeUpload={(file) => {
                setPoster(file);
                return false;
              }}
            >
              <Button>{ADMIN_TEXT.choosePoster}</Button>
            </Upload>
            {poster ? (
              <Tag closable onClose={() => setPoster(null)}>
                {poster.name}
              </Tag>
            ) : null}
          </Flex>
          <FileUploadButton
            label={ADMIN_TEXT.chooseMaterial}
            accept={`${PICTURES},video/mp4,video/webm`}
            send={send}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
