import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { NOTE_PANEL_WIDTH_PX, detailApi } from '@portal/contract';
import { useIsMobile } from '../../../components/useIsMobile.ts';
import { useDetail } from '../../detail/api.ts';
import { PreviewBanner } from '../../detail/components/PreviewBanner.tsx';
import { usePreview } from '../../detail/usePreview.ts';
import { NoteOnPageContext } from './noteSheet.ts';
import './DetailWithNotes.css';
// The panel's styles come with the page, not with its lazy chunk: the server renders the panel
// (rail, phone 笔记 button, closed sheet) in the first screen, and styled only once the chunk
// arrived it sat in the item's row and shifted the page when its styles came (CLS 0.17 on a
// phone's report detail).
import './NotePanel.css';

// The panel (notes list, editor, confirmation) loads after the item, off the first screen.
const NotePanel = lazy(async () => ({ default: (await import('./NotePanel.tsx')).NotePanel }));

/**
 * A detail page with the note panel beside it, once the item has loaded (no notes on a missing
 * or forbidden item); on mobile (under 992 px) the panel is a bottom sheet behind a 笔记 button
 * (issue 21), which a page of the content can open with a note on that page.
 */
export function DetailWithNotes({ id, index, children }: { id: string; index: string; children: ReactNode }) {
  const mobile = useIsMobile();
  const detail = useDetail(detailApi.detail, id, index);
  const loaded = detail.isSuccess;
  // An admin's preview: marked, and without notes (an unpublished item takes none).
  const preview = usePreview();
  const status = (detail.data as { status?: string } | undefined)?.status;
  const item = useMemo(() => ({ id, index }), [id, index]);
  const [pageNote, setPageNote] = useState<{ page: number } | null>(null);
  const noteOnPage = useCallback((page: number) => setPageNote({ page }), []);
  const withNotes = loaded && !preview;
  return (
    <div className="with-notes">
      <div className="with-notes__main">
        {preview && loaded ? <PreviewBanner published={status === 'published'} /> : null}
        <NoteOnPageContext value={withNotes ? noteOnPage : null}>{children}</NoteOnPageContext>
      </div>
      {withNotes && (
        <Suspense
          fallback={
            mobile ? null : (
              <div className="with-notes__placeholder" style={{ width: NOTE_PANEL_WIDTH_PX.collapsed }} />
            )
          }
        >
          <NotePanel item={item} sheet={mobile} pageNote={pageNote} />
        </Suspense>
      )}
    </div>
  );
}
