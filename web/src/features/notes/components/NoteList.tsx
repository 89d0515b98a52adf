import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { TNote } from '@portal/contract';
import { MSG, validateNoteContent } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { createNote, deleteNote, updateNote, type TNoteItem } from '../api.ts';
import { NOTES_TEXT } from '../texts.ts';
import { NoteEditor, NoteView } from './NoteCard.tsx';
import type { TNoteList } from './useNoteList.ts';

/** The note being edited: `id` null is a new note, saved with create. */
export type TNoteDraft = { id: number | null; text: string; error: string | null };

type TNoteListProps = {
  item: TNoteItem;
  list: TNoteList;
  draft: TNoteDraft | null;
  setDraft: (draft: TNoteDraft | null) => void;
};

/** One item's notes in the panel: view, edit one at a time, delete with a confirmation. */
export function NoteList({ item, list, draft, setDraft }: TNoteListProps) {
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<TNote | null>(null);

  const save = async () => {
    if (!draft) {
      return;
    }
    const error = validateNoteContent(draft.text);
    if (error) {
      setDraft({ ...draft, error });
      return;
    }
    const content = draft.text.trim();
    setSaving(true);
    try {
      if (draft.id === null) {
        const made = await createNote(item, content, window.location.pathname + window.location.search);
        const note: TNote = {
          id: made.id,
          content,
          create_time: made.create_time,
          update_time: made.create_time,
          data_id: item.id,
          data_type: item.index,
          url: window.location.pathname + window.location.search,
          source_name: '',
          page: null,
          highlight: null,
          placed: true,
        };
        list.setNotes((notes) => [note, ...notes], 1);
      } else {
        const id = draft.id;
        const done = await updateNote(id, content);
        list.setNotes((notes) =>
          notes.map((n) => (n.id === id ? { ...n, content, update_time: done.update_time } : n)),
        );
      }
      setDraft(null);
    } catch {
      // The client has shown the server's message; the text stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) {
      return;
    }
    const id = deleting.id;
    try {
      await deleteNote(id);
      list.setNotes((notes) => notes.filter((n) => n.id !== id), -1);
      notify.success(MSG.deleted);
    } catch {
      // Shown by the client.
    } finally {
      setDeleting(null);
    }
  };

  const editor = (
    <NoteEditor
      text={draft?.text ?? ''}
      error={draft?.error ?? null}
      saving={saving}
      onText={(text) => draft && setDraft({ ...draft, text, error: null })}
      onSave={() => void save()}
      onCancel={() => setDraft(null)}
    />
  );

  return (
    <>
      <ul className="note-list" aria-label={NOTES_TEXT.noteList}>
        {draft?.id === null && <li>{editor}</li>}
        {list.notes.map((note) => (
          <li key={note.id}>
            {draft?.id === note.id ? (
              editor
            ) : (
              <NoteView
                note={note}
                canEdit={draft === null}
                onEdit={() => setDraft({ id: note.id, text: note.content, error: null })}
                onDelete={() => setDeleting(note)}
              />
            )}
          </li>
        ))}
      </ul>
      {list.loading && <p className="note-list__state">{MSG.loading}</p>}
      {!list.loading && list.notes.length === 0 && draft === null && (
        <p className="note-list__state">{MSG.noNotesYet}</p>
      )}
      {list.done && list.notes.length > 0 && <p className="note-list__state">{MSG.noMore}</p>}
      {!list.done && !list.loading && (
        <button type="button" className="note-btn note-list__more" onClick={list.loadMore}>
          {NOTES_TEXT.loadMore}
        </button>
      )}
      {/* Out of the sticky, scrolling panel: the dialog covers the page, not the panel. */}
      {createPortal(
        <ConfirmDialog
          open={deleting !== null}
          message={MSG.confirmDeleteNote}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setDeleting(null);
            notify.info(MSG.deleteCancelled);
          }}
        />,
        document.body,
      )}
    </>
  );
}
