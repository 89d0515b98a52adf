import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFolder } from '@portal/contract';
import { MSG } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { ContentList, type TListOption } from '../../../components/ContentList.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { deleteFolder, favoriteKeys } from '../../../entities/favorites/api.ts';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';
import { useFolders } from '../useFavoriteQueries.ts';
import { FolderCard } from './FolderCard.tsx';

// Both dialogs load on the first click that needs them.
const FolderFormDialog = lazy(async () => ({
  default: (await import('./FolderFormDialog.tsx')).FolderFormDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/ConfirmDialog.tsx')).ConfirmDialog,
}));

type TFolderGridProps = { tabs: readonly TListOption[]; onTabChange: (key: string) => void };

/** The 收藏夹 tab: folder cards, 新建收藏夹, edit, and delete after 确定是否删除该收藏夹?. */
export function FolderGrid({ tabs, onTabChange }: TFolderGridProps) {
  const queryClient = useQueryClient();
  const folders = useFolders();
  const [editing, setEditing] = useState<TFolder | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TFolder | null>(null);
  const list = folders.data?.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all });

  const confirmDelete = async () => {
    if (!deleting) {
      return;
    }
    try {
      await deleteFolder(deleting.id);
      notify.success(MSG.deleted);
      await refresh();
    } catch {
      // Shown by the client.
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <ContentList
        tabs={tabs}
        activeTab="all"
        onTabChange={onTabChange}
        sorts={[]}
        activeSort=""
        onSortChange={() => undefined}
        items={list}
        getKey={(f) => String(f.id)}
        renderItem={(f) => <FolderCard folder={f} onEdit={setEditing} onDelete={setDeleting} />}
        status={folders.isPending ? 'loading' : folders.isError ? 'error' : 'ready'}
        spinner
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => undefined}
        empty={<EmptyState kind={folders.isError ? 'noResults' : 'noData'} />}
        notice={
          folders.isSuccess && (
            <div className="fav-toolbar">
              <button type="button" className="fav-btn fav-btn--primary" onClick={() => setEditing('new')}>
                + {FAVORITES_TEXT.newFolder}
              </button>
              {list.every((f) => f.is_default === 1) && (
                <span className="fav-toolbar__hint">{FAVORITES_TEXT.onlyDefaultHint}</span>
              )}
            </div>
          )
        }
        label={FAVORITES_TEXT.folderList}
      />
      <Suspense fallback={null}>
        {editing && (
          <FolderFormDialog
            folder={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
          />
        )}
        {deleting && (
          <ConfirmDialog
            open
            message={MSG.confirmDeleteFolder}
            onConfirm={() => void confirmDelete()}
            onCancel={() => {
              setDeleting(null);
              notify.info(MSG.deleteCancelled);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
