import { createContext, useContext } from 'react';

/**
 * Lets a detail page's content ask for a note on one of its pages (a phone's page image →
 * 在第 N 页记笔记); DetailWithNotes answers by opening the note panel with a new note there.
 * Null outside a page with notes.
 */
export const NoteOnPageContext = createContext<((page: number) => void) | null>(null);

export function useNoteOnPage(): ((page: number) => void) | null {
  return useContext(NoteOnPageContext);
}
