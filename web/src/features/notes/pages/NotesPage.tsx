import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TNote } from '@portal/contract';
import { MSG, shanghaiDateTime } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { fetchNoteItems, fetchNotes, noteKeys, type TNoteItem } from '../../../entities/notes/api.ts';
import { NoteList, type TNoteDraft } from '../../../entities/notes/components/NoteList.tsx';
import { useNoteList } from '../../../entities/notes/components/useNoteList.ts';
import { itemLink, noteLink, notesMarkdown } from '../exportMarkdown.ts';
import { NOTES_TEXT } from '../../../entities/notes/texts.ts';
import '../../../entities/notes/components/NotePanel.css';
import './NotesPage.css';

/** Every note the current filter shows, 50 a page, for the export. */
async function allNotes(item: TNoteItem | undefined, keyword: string): Promise<TNote[]> {
  const all: TNote[] = [];
  for (let page = 1; ; page++) {
    const reply = await fetchNotes(page, item, undefined, 50, keyword);
    all.push(...reply.data);
    if (reply.data.length === 0 || all.length >= reply.total_size) {
      return all;
    }
  }
}

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * 我的笔记 (/notes): every note and highlight of the user, newest first, 8 at a time; search by
 * text or quoted passage, filter by item, edit and delete in place, export as Markdown (issue 21).
 */
export function NotesPage() {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [itemKey, setItemKey] = useState('');
  const [draft, setDraft] = useState<TNoteDraft | null>(null);
  const [exporting, setExporting] = useState(false);
  const item = useMemo<TNoteItem | undefined>(() => {
    const [index, id] = itemKey.split('|');
    return index && id ? { index, id } : undefined;
  }, [itemKey]);
  const list = useNoteList(item, keyword);

  // The filter's items: asked again whenever the number of notes changes (an item gains its
  // first note or loses its last), keeping the choices shown meanwhile.
  const items =
    useQuery({
      queryKey: [...noteKeys.all, 'items', list.total],
      queryFn: ({ signal }) => fetchNoteItems(signal),
      placeholderData: keepPreviousData,
      gcTime: 0,
    }).data?.data ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    setDraft(null);
    setKeyword(typed.trim());
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      const notes = await allNotes(item, keyword);
      // Shanghai time, as each note's own times in the file are.
      const now = shanghaiDateTime(Date.now());
      download(notesMarkdown(notes, window.location.origin, now), `${NOTES_TEXT.exportTitle}.md`);
    } catch {
      notify.error(NOTES_TEXT.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const filtered = keyword !== '' || item !== undefined;
  return (
    <ListPage title={NOTES_TEXT.listTitle}>
      <section className="notes-page">
        <div className="notes-page__tools">
          <form className="notes-page__search" role="search" onSubmit={search}>
            <input
              type="search"
              aria-label={NOTES_TEXT.search}
              placeholder={NOTES_TEXT.search}
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="note-btn">
              {NOTES_TEXT.searchButton}
            </button>
          </form>
          <select
            className="notes-page__filter"
            aria-label={NOTES_TEXT.filterItem}
            value={itemKey}
            onChange={(event) => {
              setDraft(null);
              setItemKey(event.target.value);
            }}
          >
            <option value="">{NOTES_TEXT.allItems}</option>
            {items.map((i) => (
              <option key={`${i.data_type}|${i.data_id}`} value={`${i.data_type}|${i.data_id}`}>
                {`${i.source_name || NOTES_TEXT.goneSource}（${i.count}）`}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="note-btn"
            disabled={exporting || list.notes.length === 0}
            onClick={() => void exportAll()}
          >
            {NOTES_TEXT.exportMarkdown}
          </button>
        </div>
        {list.notes.length > 0 || draft ? (
          <NoteList
            list={list}
            draft={draft}
            setDraft={setDraft}
            jumpTo={(note) => (note.source_name ? noteLink(note) : null)}
            extra={(note) => {
              const to = note.source_name ? itemLink(note) : null;
              return (
                <p className="notes-page__meta">
                  <span>
                    {NOTES_TEXT.from}{' '}
                    {to ? <Link to={to}>{note.source_name}</Link> : <span>{NOTES_TEXT.goneSource}</span>}
                  </span>
                </p>
              );
            }}
          />
        ) : list.loading ? (
          <p className="note-list__state">{MSG.loading}</p>
        ) : (
          <div className="notes-page__empty" role="status">
            {filtered ? MSG.noResults : MSG.noNotes}
          </div>
        )}
      </section>
    </ListPage>
  );
}
