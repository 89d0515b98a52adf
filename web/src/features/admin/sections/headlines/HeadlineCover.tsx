import { useQueryClient } from '@tanstack/react-query';
import type { TAdminContentDetail } from '@portal/contract';
import { App, Button, Divider, Flex, Image, Typography } from 'antd';
import { adminKeys } from '../../api.ts';
import { FileUploadButton } from '../../components/FileUploadButton.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { headlineCoverApi } from './headlineCoverApi.ts';

/**
 * The headline editor's 封面: the current picture, 上传 (with progress; the server checks the
 * bytes and the declared size) and 移除封面. Each carries the loaded version; afterwards the
 * drawer reloads the headline, so the next save carries the new one.
 */
export function HeadlineCover({ detail }: { detail: TAdminContentDetail | undefined }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cover = typeof detail?.fields.cover_url === 'string' ? detail.fields.cover_url : '';
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.content('headline') });
  };
  const upload = async (file: File, progress: Parameters<typeof headlineCoverApi.upload>[3]) => {
    if (detail) {
      await headlineCoverApi.upload(detail.id, detail.version, file, progress);
      void message.success(ADMIN_TEXT.saved);
      await reload();
    }
  };
  const remove = async () => {
    if (detail) {
      await headlineCoverApi.remove(detail.id, detail.version);
      void message.success(ADMIN_TEXT.coverRemoved);
      await reload();
    }
  };
  return (
    <>
      <Divider titlePlacement="start">{ADMIN_TEXT.headlineCover}</Divider>
      <Flex vertical gap={8}>
        {cover !== '' ? (
          <Image src={cover} width={160} alt={ADMIN_TEXT.headlineCover} />
        ) : (
          <Typography.Text type="secondary">{ADMIN_TEXT.headlineCoverNone}</Typography.Text>
        )}
        <Flex gap={8} wrap>
          <FileUploadButton
            label={ADMIN_TEXT.upload}
            accept="image/jpeg,image/png"
            disabled={!detail}
            send={upload}
          />
          {cover !== '' ? (
            <Button danger onClick={() => void remove().catch(() => undefined)}>
              {ADMIN_TEXT.removeCover}
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{ADMIN_TEXT.headlineCoverHint}</Typography.Text>
      </Flex>
    </>
  );
}
