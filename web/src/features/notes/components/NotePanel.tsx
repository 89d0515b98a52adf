import { useEffect, useState } from 'react';
import { NOTE_PANEL_STATUS, notePanelWidth } from '@portal/contract';
import { fetchPanelStatus, savePanelStatus, type TNoteItem } from '../api.ts';
import { NOTES_TEXT } from '../texts.ts';
import { NoteList, type TNoteDraft } from './NoteList.tsx';
import { useNoteList } from './useNoteList.ts';
import './NotePanel.css';

/**
 * The note side panel of a detail page (spec §4): 330 px open, a 34 px handle when collapsed;
 * the state is saved per item and restored on load. The parent leaves it out on mobile.
 */
export function NotePanel({ item }: { item: TNoteItem }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<TNoteDraft | null>(null);
  const list = useNoteList(item);

  useEffect(() => {
    const controller = new AbortController();
    setOpen(null);
    fetchPanelStatus(item, controller.signal).then(
      (reply) => setOpen(reply.status !== NOTE_PANEL_STATUS.closed),
      () => {
        if (!controller.signal.aborted) {
          setOpen(true);
        }
      },
    );
    return () => controller.abort();
  }, [item]);

  const change = (next: boolean) => {
    setOpen(next);
    // An empty draft that is abandoned is discarded (spec §4).
    if (!next && draft?.id === null && draft.text.trim() === '') {
      setDraft(null);
    }
    void savePanelStatus(item, next ? NOTE_PANEL_STATUS.open : NOTE_PANEL_STATUS.closed).catch(
      () => undefined,
    );
  };

  const shown = open === true;
  return (
    <aside
      className={`note-panel${shown ? ' note-panel--open' : ''}`}
      style={{ width: notePanelWidth(shown, false) }}
      aria-label={NOTES_TEXT.panelLabel}
    >
      {!shown && (
        <button
          type="button"
          className="note-panel__handle"
          onClick={() => change(true)}
          disabled={open === null}
          aria-label={NOTES_TEXT.expand}
        >
          <span aria-hidden="true">‹</span>
          <span className="note-panel__handle-text">{NOTES_TEXT.panelTitle}</span>
        </button>
      )}
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
            aria-label={NOTES_TEXT.collapse}
          >
            <span aria-hidden="true">›</span>
          </button>
        </header>
        <div className="note-panel__scroll">
          <NoteList item={item} list={list} draft={draft} setDraft={setDraft} />
        </div>
      </div>
    </aside>
  );
}
