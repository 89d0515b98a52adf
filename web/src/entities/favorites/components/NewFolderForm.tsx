import { useId, useState, type FormEvent } from 'react';
import type { TFolder } from '@portal/contract';
import { validateFolderName } from '@portal/contract';
import { createFolder } from '../api.ts';
import { FAVORITES_TEXT } from '../texts.ts';

/** 新建收藏夹 inside the collection dialog: a button that opens a one-line form. */
export function NewFolderForm({ onCreated }: { onCreated: (folder: TFolder) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = validateFolderName(name);
    setError(message);
    if (message) {
      return;
    }
    setSaving(true);
    try {
      onCreated(await createFolder({ name, remark: '' }));
      setName('');
      setOpen(false);
    } catch {
      // The client has shown the server's message (e.g. a name already in use).
    } finally {
      setSaving(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className="collect-dialog__new" onClick={() => setOpen(true)}>
        + {FAVORITES_TEXT.newFolder}
      </button>
    );
  }
  return (
    <form className="collect-dialog__form" onSubmit={(e) => void submit(e)} noValidate>
      <input
        className="collect-dialog__input"
        aria-label={FAVORITES_TEXT.folderName}
        placeholder={FAVORITES_TEXT.folderNamePlaceholder}
        value={name}
        maxLength={60}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
      />
      <button
        type="submit"
        className="collect-dialog__toggle collect-dialog__toggle--primary"
        disabled={saving}
      >
        {FAVORITES_TEXT.create}
      </button>
      <button type="button" className="collect-dialog__toggle" onClick={() => setOpen(false)}>
        {FAVORITES_TEXT.cancel}
      </button>
      {error && (
        <p id={errorId} className="collect-dialog__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
