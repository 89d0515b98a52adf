import { Link } from 'react-router';
import type { TNote } from '@portal/contract';
import { internalPath, MSG } from '@portal/contract';
import { detailPath } from '../../../components/detailPath.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { useNoteList } from '../components/useNoteList.ts';
import { NOTES_TEXT } from '../texts.ts';
import '../components/NotePanel.css';
import './NotesPage.css';

/** Where a note leads back to: the page it was written on, else its item's detail page. */
function noteLink(note: TNote): string | null {
  const path = internalPath(note.url);
  if (path !== null) {
    return path;
  }
  return detailPath({ _id: note.data_id, _index: note.data_type, _source: { anal_data_ext: '' } as never });
}

/** 我的笔记 (/notes): every note of the user across items, newest first, 8 at a time. */
export function NotesPage() {
  const list = useNoteList();
  return (
    <ListPage title={NOTES_TEXT.listTitle}>
      <section className="notes-page">
        {list.notes.length > 0 && (
          <ul className="notes-page__list" aria-label={NOTES_TEXT.noteList}>
            {list.notes.map((note) => {
              const to = noteLink(note);
              return (
                <li key={note.id} className="notes-page__item">
                  <p className="note-card__content">{note.content}</p>
                  <p className="notes-page__meta">
                    <time>{note.create_time}</time>
                    <span>
                      {NOTES_TEXT.from}{' '}
                      {note.source_name && to ? (
                        <Link to={to}>{note.source_name}</Link>
                      ) : (
                        <span>{NOTES_TEXT.goneSource}</span>
                      )}
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        {list.loading && <p className="note-list__state">{MSG.loading}</p>}
        {!list.loading && list.notes.length === 0 && (
          <div className="notes-page__empty" role="status">
            {MSG.noNotes}
          </div>
        )}
        {list.done && list.notes.length > 0 && <p className="note-list__state">{MSG.noMore}</p>}
        {!list.done && !list.loading && (
          <button type="button" className="note-btn note-list__more" onClick={list.loadMore}>
            {NOTES_TEXT.loadMore}
          </button>
        )}
      </section>
    </ListPage>
  );
}
