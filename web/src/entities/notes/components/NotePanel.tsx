import { useEffect, useState } from 'react';
import { NOTE_PANEL_STATUS, notePanelWidth } from '@portal/contract';
import { usePageParam } from '../../detail/usePageParam.ts';
import { useFreshQuery } from '../../../api/useFreshQuery.ts';
import { fetchPanelStatus, noteKeys, savePanelStatus, type TNoteItem } from '../api.ts';
import { NOTES_TEXT } from '../texts.ts';
import { NoteList, type TNoteDraft } from './NoteList.tsx';
import { useNoteList } from './useNoteList.ts';
import './NotePanel.css';

type TNotePanelProps = {
  item: TNoteItem;
  /** On a phone: a bottom sheet behind a 笔记 button instead of the side panel (issue 21). */
  sheet?: boolean;
  /** A request for a new note on a page (a new object each time). */
  pageNote?: { page: number } | null;
};

/**
 * The note side panel of a detail page (spec §4): 330 px open, a 34 px handle when collapsed;
 * the state is saved per item and restored on load. On a phone it is a bottom sheet, closed
 * until asked for (its state is not saved: the spec's panel state is the desktop panel's).
 */
export function NotePanel({ item, sheet = false, pageNote = null }: TNotePanelProps) {
  const itemKey = `${item.index}:${item.id}`;
  // The side panel's saved state, asked for on every visit; when it cannot be read, it opens.
  const saved = useFreshQuery({
    queryKey: noteKeys.panel(item),
    queryFn: ({ signal }) => fetchPanelStatus(item, signal),
    enabled: !sheet,
    retry: false,
  });
  const savedOpen = sheet
    ? false
    : saved.isError
      ? true
      : saved.data
        ? saved.data.status !== NOTE_PANEL_STATUS.closed
        : null;
  // The user's own choice on this item (a click, 在第 N 页记笔记); another item starts from its saved state.
  const [chosen, setChosen] = useState<{ itemKey: string; open: boolean } | null>(null);
  const open = chosen?.itemKey === itemKey ? chosen.open : savedOpen;
  const setOpen = (next: boolean) => setChosen({ itemKey, open: next });
  const [draft, setDraft] = useState<TNoteDraft | null>(null);
  const list = useNoteList(item);
  const pageParam = usePageParam();

  // 在第 N 页记笔记: open with a new note on that page (unless another note is being edited).
  useEffect(() => {
    if (pageNote) {
      setOpen(true);
      setDraft((current) => current ?? { id: null, text: '', error: null, page: pageNote.page });
    }
  }, [pageNote]);

  const change = (next: boolean) => {
    setOpen(next);
    // An empty draft that is abandoned is discarded (spec §4).
    if (!next && draft?.id === null && draft.text.trim() === '') {
      setDraft(null);
    }
    if (!sheet) {
      void savePanelStatus(item, next ? NOTE_PANEL_STATUS.open : NOTE_PANEL_STATUS.closed).catch(
        () => undefined,
      );
    }
  };

  const jump = (page: number) => {
    if (sheet) {
      change(false);
    }
    pageParam.open(page);
  };

  const shown = open === true;
  const body = (
    <div className="note-panel__body" hidden={!shown}>
      <header className="note-panel__header">
        <h2 className="note-panel__title">{NOTES_TEXT.panelTitle}</h2>
        <button
          type="button"
          className="note-btn note-btn--primary"
          disabled={draft !== null}
          onClick={() => setDraft({ id: null, text: '', error: null })}
        >
          + {NOTES_TEXT.newNote}
        </button>
        <button
          type="button"
          className="note-panel__collapse"
          onClick={() => change(false)}
          aria-label={sheet ? NOTES_TEXT.closeSheet : NOTES_TEXT.collapse}
        >
          <span aria-hidden="true">{sheet ? '×' : '›'}</span>
        </button>
      </header>
      <div className="note-panel__scroll">
        <NoteList item={item} list={list} draft={draft} setDraft={setDraft} onJump={jump} />
      </div>
    </div>
  );

  if (sheet) {
    return (
      <>
        {!shown && (
          <button type="button" className="note-sheet__open" onClick={() => change(true)}>
            {NOTES_TEXT.openSheet}
            {list.total > 0 ? ` ${list.total}` : ''}
          </button>
        )}
        {shown && <div className="note-sheet__backdrop" onClick={() => change(false)} aria-hidden="true" />}
        <aside
          className={`note-panel note-sheet${shown ? ' note-panel--open note-sheet--open' : ''}`}
          aria-label={NOTES_TEXT.panelLabel}
          hidden={!shown}
        >
          {body}
        </aside>
      </>
    );
  }

  // Until the saved state is known (the server's render, the first moments in the browser) the
  // panel keeps its open width, empty: that is the state of a panel never closed and what a
  // failed read opens to. It used to start as the 34 px handle and grow once the state came,
  // narrowing the item beside it and moving all of its text (CLS 0.08 at 1440 px).
  return (
    <aside
      className={`note-panel${shown ? ' note-panel--open' : ''}`}
      style={{ width: notePanelWidth(open !== false, false) }}
      aria-label={NOTES_TEXT.panelLabel}
      aria-busy={open === null}
    >
      {open === false && (
        <button
          type="button"
          className="note-panel__handle"
          onClick={() => change(true)}
          aria-label={NOTES_TEXT.expand}
        >
          <span aria-hidden="true">‹</span>
          <span className="note-panel__handle-text">{NOTES_TEXT.panelTitle}</span>
        </button>
      )}
      {body}
    </aside>
  );
}
