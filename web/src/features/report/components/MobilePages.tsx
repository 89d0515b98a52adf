import { useEffect, useRef } from 'react';
import { useNoteOnPage } from '../../../entities/notes/components/noteSheet.ts';
import { NOTES_TEXT } from '../../../entities/notes/texts.ts';
import { REPORT_TEXT } from '../texts.ts';

type TMobilePagesProps = { images: readonly string[]; jump: { page: number } | null };

/**
 * A report's pages as images on a phone (no pdf.js there). A page link scrolls to its page;
 * each page takes a note anchored to it (issue 21).
 */
export function MobilePages({ images, jump }: TMobilePagesProps) {
  const noteOnPage = useNoteOnPage();
  const refs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    if (jump) {
      refs.current[jump.page - 1]?.scrollIntoView({ block: 'start' });
    }
  }, [jump]);

  return (
    <section className="detail-card report-detail__pages" aria-label={REPORT_TEXT.pages}>
      {images.map((src, i) => (
        <figure
          key={src}
          className="report-detail__page"
          ref={(element) => {
            refs.current[i] = element;
          }}
          data-page={i + 1}
        >
          <img src={src} alt={REPORT_TEXT.pageN(i + 1)} loading={i < 2 ? 'eager' : 'lazy'} decoding="async" />
          {noteOnPage && (
            <figcaption>
              <button type="button" className="report-detail__page-note" onClick={() => noteOnPage(i + 1)}>
                {NOTES_TEXT.noteOnPage(i + 1)}
              </button>
            </figcaption>
          )}
        </figure>
      ))}
    </section>
  );
}
