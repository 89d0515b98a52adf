import { useQueryClient } from '@tanstack/react-query';
import type { TAdminContentRow, TAdminContentType } from '@portal/contract';
import { MSG } from '@portal/contract';
import { App } from 'antd';
import { ApiError } from '../../../api/client.ts';
import { adminApi, adminKeys } from '../api.ts';
import { ADMIN_TEXT } from '../texts.ts';

/**
 * Publish, unpublish and delete for any content type, each behind a confirmation that says what
 * it will do; delete first asks the server how many favourites and notes point at the item.
 */
export function useContentActions(type: TAdminContentType) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.content(type) });

  const publish = (row: TAdminContentRow) =>
    modal.confirm({
      title: ADMIN_TEXT.confirmPublish(row.title),
      content: ADMIN_TEXT.confirmPublishBody,
      okText: ADMIN_TEXT.publish,
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await adminApi.publish(type, row.id);
        void message.success(MSG.adminPublished);
        await refresh();
      },
    });

  const unpublish = (row: TAdminContentRow) =>
    modal.confirm({
      title: ADMIN_TEXT.confirmUnpublish(row.title),
      content: ADMIN_TEXT.confirmUnpublishBody,
      okText: ADMIN_TEXT.unpublish,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await adminApi.unpublish(type, row.id);
        void message.success(MSG.adminUnpublished);
        await refresh();
      },
    });

  const remove = async (row: TAdminContentRow) => {
    let impact;
    try {
      impact = await adminApi.impact(type, row.id);
    } catch (error) {
      if (error instanceof ApiError) {
        return;
      }
      throw error;
    }
    modal.confirm({
      title: ADMIN_TEXT.confirmDelete(row.title),
      content: ADMIN_TEXT.deleteImpact(impact.favorites, impact.notes),
      okText: ADMIN_TEXT.remove,
      okButtonProps: { danger: true },
      cancelText: ADMIN_TEXT.cancel,
      onOk: async () => {
        await adminApi.remove(type, row.id);
        void message.success(ADMIN_TEXT.deleted);
        await refresh();
      },
    });
  };

  return { publish, unpublish, remove, refresh };
}
