import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { TNote } from '@portal/contract';
import { MSG, validateNoteComment, validateNoteContent } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { createNote, deleteNote, updateNote, type TNoteItem } from '../api.ts';
import { NOTES_TEXT } from '../texts.ts';
import { NoteEditor, NoteView } from './NoteCard.tsx';
import type { TNoteList } from './useNoteList.ts';

/**
 * The note being edited: `id` null is a new note, saved with create (on `page` when given: a
 * phone's page note). A highlight's text may be empty.
 */
export type TNoteDraft = {
  id: number | null;
  text: string;
  error: string | null;
  page?: number | null;
  highlight?: boolean;
};

type TNoteListProps = {
  /** The item new notes go on; /notes lists every item's notes and creates none. */
  item?: TNoteItem;
  list: TNoteList;
  draft: TNoteDraft | null;
  setDraft: (draft: TNoteDraft | null) => void;
  onJump?: (page: number) => void;
  /** On /notes: where a note's 跳转到第 N 页 leads, and what is shown under each note. */
  jumpTo?: (note: TNote) => string | null;
  extra?: (note: TNote) => ReactNode;
};

/** One item's notes in the panel: view, edit one at a time, delete with a confirmation. */
export function NoteList({ item, list, draft, setDraft, onJump, jumpTo, extra }: TNoteListProps) {
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<TNote | null>(null);

  const save = async () => {
    if (!draft) {
      return;
    }
    const error = (draft.highlight ? validateNoteComment : validateNoteContent)(draft.text);
    if (error) {
      setDraft({ ...draft, error });
      return;
    }
    const content = draft.text.trim();
    setSaving(true);
    try {
      if (draft.id === null && item) {
        const page = draft.page ?? null;
        const made = await createNote(item, content, window.location.pathname + window.location.search, page);
        const note: TNote = {
          id: made.id,
          content,
          create_time: made.create_time,
          update_time: made.create_time,
          data_id: item.id,
          data_type: item.index,
          url: window.location.pathname + window.location.search,
          source_name: '',
          page,
          highlight: null,
          placed: true,
        };
        list.setNotes((notes) => [note, ...notes], 1);
      } else if (draft.id !== null) {
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
        {draft?.id === null && (
          <li>
            {draft.page ? <p className="note-anchor__meta">{NOTES_TEXT.pageN(draft.page)}</p> : null}
            {editor}
          </li>
        )}
        {list.notes.map((note) => (
          <li key={note.id}>
            {draft?.id === note.id ? (
              editor
            ) : (
              <NoteView
                note={note}
                canEdit={draft === null}
                onEdit={() =>
                  setDraft({
                    id: note.id,
                    text: note.content,
                    error: null,
                    highlight: note.highlight !== null,
                  })
                }
                onDelete={() => setDeleting(note)}
                onJump={onJump}
                jumpTo={jumpTo?.(note)}
              >
                {extra?.(note)}
              </NoteView>
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
      {/* Out of the sticky, scrolling panel: the dialog covers the page, not the panel. Only
          while open: a server render has no document.body to portal into. */}
      {deleting !== null &&
        createPortal(
          <ConfirmDialog
            open
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
