import { useId, type ReactNode } from 'react';
import type { TNote } from '@portal/contract';
import { useMenuButton } from '../../../components/useMenuButton.ts';
import { NOTES_TEXT } from '../texts.ts';
import { NoteAnchor } from './NoteAnchor.tsx';

type TNoteViewProps = {
  note: TNote;
  /** false while another note is being edited: only one note is edited at a time. */
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the reader at the note's page (跳转到第 N 页). */
  onJump?: ((page: number) => void) | undefined;
  /** Or: the address of the note's page (on /notes). */
  jumpTo?: string | null;
  /** Shown under the text (on /notes: the item the note is on). */
  children?: ReactNode;
};

/** A note in view mode: double click or 编辑 in its menu switches to edit mode. */
export function NoteView({ note, canEdit, onEdit, onDelete, onJump, jumpTo, children }: TNoteViewProps) {
  const menu = useMenuButton<HTMLUListElement>();

  return (
    <article className="note-card" onDoubleClick={() => canEdit && onEdit()} title={NOTES_TEXT.editHint}>
      <NoteAnchor note={note} onJump={onJump} to={jumpTo} />
      {note.content && <p className="note-card__content">{note.content}</p>}
      {children}
      <footer className="note-card__footer">
        <time className="note-card__time">
          {note.update_time !== note.create_time ? NOTES_TEXT.updatedAt(note.update_time) : note.create_time}
        </time>
        <div className="note-card__menu" ref={menu.rootRef}>
          <button
            {...menu.buttonProps}
            type="button"
            className="note-card__more"
            aria-label={NOTES_TEXT.more}
          >
            ⋯
          </button>
          {menu.open && (
            <ul {...menu.menuProps} className="note-card__menu-list">
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  disabled={!canEdit}
                  onClick={() => {
                    menu.close(false);
                    onEdit();
                  }}
                >
                  {NOTES_TEXT.edit}
                </button>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    menu.close(false);
                    onDelete();
                  }}
                >
                  {NOTES_TEXT.delete}
                </button>
              </li>
            </ul>
          )}
        </div>
      </footer>
    </article>
  );
}

type TNoteEditorProps = {
  text: string;
  error: string | null;
  saving: boolean;
  onText: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
};

/** A note in edit mode (a new note starts here): 保存 returns to view mode, 取消 drops the changes. */
export function NoteEditor({ text, error, saving, onText, onSave, onCancel }: TNoteEditorProps) {
  const errorId = useId();
  return (
    <div className="note-card note-card--editing">
      <textarea
        className="note-card__input"
        aria-label={NOTES_TEXT.noteContent}
        placeholder={NOTES_TEXT.placeholder}
        value={text}
        rows={5}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            onSave();
          }
          if (e.key === 'Escape') {
            onCancel();
          }
        }}
      />
      {error && (
        <p id={errorId} className="note-card__error" role="alert">
          {error}
        </p>
      )}
      <div className="note-card__actions">
        <button type="button" className="note-btn" onClick={onCancel}>
          {NOTES_TEXT.cancel}
        </button>
        <button type="button" className="note-btn note-btn--primary" onClick={onSave} disabled={saving}>
          {NOTES_TEXT.save}
        </button>
      </div>
    </div>
  );
}
