import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFolder, TFolderListReply } from '@portal/contract';
import { MSG } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { useFreshQuery } from '../../../api/useFreshQuery.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { favoriteKeys, fetchFolders, setFavorite } from '../api.ts';
import { FAVORITES_TEXT } from '../texts.ts';
import { NewFolderForm } from './NewFolderForm.tsx';
import './CollectionDialog.css';

export type TCollectItem = { id: string; index: string };

type TCollectionDialogProps = {
  item: TCollectItem;
  onClose: () => void;
  /** The item's favourite state after a change: 1 while any folder holds it. */
  onChange?: (favoriteStatus: number) => void;
};

/**
 * The folder dialog (spec §2 "A collection dialog is used to choose folders for an item"): every
 * folder with 收藏 or 取消 by whether it holds the item, and a new folder made in place.
 */
export function CollectionDialog({ item, onClose, onChange }: TCollectionDialogProps) {
  const queryClient = useQueryClient();
  // Asked on every opening (another tab may have filed the item since); a failure shows at once.
  const { data, isError: failed } = useFreshQuery({
    queryKey: favoriteKeys.dialog(item),
    queryFn: ({ signal }) => fetchFolders(item, signal),
    retry: false,
  });
  const folders = data?.data ?? null;
  const [busy, setBusy] = useState<number | null>(null);
  const setFolders = (change: (list: TFolder[]) => TFolder[]) =>
    queryClient.setQueryData<TFolderListReply>(
      favoriteKeys.dialog(item),
      (reply) => reply && { ...reply, data: change(reply.data) },
    );

  const toggle = async (folder: TFolder) => {
    const status = folder.is_favorite === 1 ? 0 : 1;
    setBusy(folder.id);
    try {
      const reply = await setFavorite(folder.id, item, status);
      setFolders((list) =>
        list.map((f) =>
          f.id === folder.id
            ? { ...f, is_favorite: status, count: Math.max(0, f.count + (status ? 1 : -1)) }
            : f,
        ),
      );
      notify.success(status ? MSG.favorited : MSG.unfavorited);
      onChange?.(reply.favorite_status);
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const added = (folder: TFolder) => {
    setFolders((list) => {
      const [builtIn, ...rest] = list;
      return builtIn ? [builtIn, folder, ...rest] : [folder];
    });
    void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
  };

  return (
    <Dialog open onClose={onClose} label={FAVORITES_TEXT.dialogTitle} size="small">
      {folders === null && !failed && <p className="dialog__status">{FAVORITES_TEXT.loading}</p>}
      {failed && <p className="dialog__status">{MSG.noResults}</p>}
      {folders && (
        <ul className="collect-dialog__list" aria-label={FAVORITES_TEXT.folderList}>
          {folders.map((folder) => (
            <li key={folder.id} className="collect-dialog__row">
              <span className="collect-dialog__name">
                {folder.name}
                {folder.is_default === 1 && (
                  <span className="collect-dialog__badge">{FAVORITES_TEXT.builtIn}</span>
                )}
              </span>
              <span className="collect-dialog__count">{FAVORITES_TEXT.itemCount(folder.count)}</span>
              <button
                type="button"
                className={`collect-dialog__toggle${folder.is_favorite === 1 ? ' collect-dialog__toggle--on' : ''}`}
                aria-label={`${folder.is_favorite === 1 ? FAVORITES_TEXT.uncollect : FAVORITES_TEXT.collect} ${folder.name}`}
                disabled={busy === folder.id}
                onClick={() => void toggle(folder)}
              >
                {folder.is_favorite === 1 ? FAVORITES_TEXT.uncollect : FAVORITES_TEXT.collect}
              </button>
            </li>
          ))}
        </ul>
      )}
      {folders && <NewFolderForm onCreated={added} />}
    </Dialog>
  );
}
