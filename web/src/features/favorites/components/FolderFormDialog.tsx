import { useId, useState, type FormEvent } from 'react';
import type { TFolder } from '@portal/contract';
import { validateFolderName, validateFolderRemark } from '@portal/contract';
import { Dialog } from '../../../components/Dialog.tsx';
import { createFolder, updateFolder } from '../../../entities/favorites/api.ts';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';
import './FolderFormDialog.css';

type TFolderFormDialogProps = {
  /** The folder to edit; null creates a new one. */
  folder: TFolder | null;
  onClose: () => void;
  onSaved: (folder: TFolder) => void;
};

/** 新建收藏夹 / 编辑收藏夹: a name (required, trimmed) and an optional description. */
export function FolderFormDialog({ folder, onClose, onSaved }: TFolderFormDialogProps) {
  const [name, setName] = useState(folder?.name ?? '');
  const [remark, setRemark] = useState(folder?.remark ?? '');
  const [errors, setErrors] = useState<{ name: string | null; remark: string | null }>({
    name: null,
    remark: null,
  });
  const [saving, setSaving] = useState(false);
  const nameError = useId();
  const remarkError = useId();
  const title = folder ? FAVORITES_TEXT.editFolder : FAVORITES_TEXT.newFolder;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { name: validateFolderName(name), remark: validateFolderRemark(remark) };
    setErrors(found);
    if (found.name || found.remark) {
      return;
    }
    setSaving(true);
    try {
      onSaved(
        folder ? await updateFolder(folder.id, { name, remark }) : await createFolder({ name, remark }),
      );
    } catch {
      // The client has shown the server's message (a name already in use …).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} label={title} size="small">
      <form className="folder-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="folder-form__label">
          {FAVORITES_TEXT.folderName}
          <input
            className="folder-form__input"
            value={name}
            placeholder={FAVORITES_TEXT.folderNamePlaceholder}
            maxLength={60}
            autoFocus
            aria-invalid={errors.name !== null}
            aria-describedby={errors.name ? nameError : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: null }));
            }}
          />
        </label>
        {errors.name && (
          <p id={nameError} className="folder-form__error" role="alert">
            {errors.name}
          </p>
        )}
        <label className="folder-form__label">
          {FAVORITES_TEXT.folderRemark}
          <textarea
            className="folder-form__input folder-form__textarea"
            value={remark}
            placeholder={FAVORITES_TEXT.folderRemarkPlaceholder}
            rows={3}
            aria-invalid={errors.remark !== null}
            aria-describedby={errors.remark ? remarkError : undefined}
            onChange={(e) => {
              setRemark(e.target.value);
              setErrors((x) => ({ ...x, remark: null }));
            }}
          />
        </label>
        {errors.remark && (
          <p id={remarkError} className="folder-form__error" role="alert">
            {errors.remark}
          </p>
        )}
        <div className="folder-form__actions">
          <button type="button" className="fav-btn" onClick={onClose}>
            {FAVORITES_TEXT.cancel}
          </button>
          <button type="submit" className="fav-btn fav-btn--primary" disabled={saving}>
            {folder ? FAVORITES_TEXT.save : FAVORITES_TEXT.create}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
