import type { TNote } from '@portal/contract';
import { MSG } from '@portal/contract';
import { Link } from 'react-router';
import { NOTES_TEXT } from '../texts.ts';

type TNoteAnchorProps = {
  note: TNote;
  /** In the note panel: opens the reader on this page. */
  onJump?: ((page: number) => void) | undefined;
  /** On /notes: the address that opens the item at the page. */
  to?: string | null;
};

/**
 * What a page-anchored note points at (issue 21): the highlighted passage in its colour, the
 * page, 跳转到第 N 页, and 原文已更新，位置可能失效 once the report's file has changed.
 */
export function NoteAnchor({ note, onJump, to }: TNoteAnchorProps) {
  if (note.page === null) {
    return null;
  }
  const page = note.page;
  const jump = NOTES_TEXT.jumpToPage(page);
  return (
    <div className="note-anchor">
      {note.highlight && (
        <blockquote className={`note-anchor__quote note-anchor__quote--${note.highlight.color}`}>
          {note.highlight.quote}
        </blockquote>
      )}
      <p className="note-anchor__meta">
        {!note.placed && <span className="note-anchor__unplaced">{MSG.highlightUnplaced}</span>}
        {onJump ? (
          <button type="button" className="note-anchor__jump" onClick={() => onJump(page)}>
            {jump}
          </button>
        ) : to ? (
          <Link className="note-anchor__jump" to={to}>
            {jump}
          </Link>
        ) : (
          <span>{NOTES_TEXT.pageN(page)}</span>
        )}
      </p>
    </div>
  );
}
