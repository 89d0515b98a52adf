import { useEffect, useRef } from 'react';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { useNoteOnPage } from '../../../entities/notes/components/noteSheet.ts';
import { NOTES_TEXT } from '../../../entities/notes/texts.ts';
import { REPORT_TEXT } from '../texts.ts';

/** A page fills the phone's width less the card's padding: a 640 px copy on most phones, not the full page. */
const PAGE_IMAGE_SIZES = 'calc(100vw - 32px)';

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
          <ResponsiveImage
            src={src}
            sizes={PAGE_IMAGE_SIZES}
            alt={REPORT_TEXT.pageN(i + 1)}
            loading={i < 2 ? 'eager' : 'lazy'}
          />
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
