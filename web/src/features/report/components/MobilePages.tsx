import { useEffect, useRef } from 'react';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { useNoteOnPage } from '../../../entities/notes/components/noteSheet.ts';
import { NOTES_TEXT } from '../../../entities/notes/texts.ts';
import { REPORT_TEXT } from '../texts.ts';
import { PageTermMarks } from './PageTermMarks.tsx';

/** A page fills the phone's width less the card's padding: a 640 px copy on most phones, not the full page. */
const PAGE_IMAGE_SIZES = 'calc(100vw - 32px)';

type TMobilePagesProps = {
  images: readonly string[];
  /** Each page's text layout, beside `images` (for the marks of a search hit's words). */
  layouts: readonly string[];
  /** A page to show first, and the search words to mark wherever pages show them (a page hit's link). */
  jump: { page: number; terms: readonly string[] } | null;
};

/**
 * A report's pages as images on a phone (no pdf.js there). A page link scrolls to its page, and
 * a search hit's words are marked on the pages that show them; each page takes a note anchored
 * to it (issue 21).
 */
export function MobilePages({ images, layouts, jump }: TMobilePagesProps) {
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
          <div className="report-detail__page-frame">
            <ResponsiveImage
              src={src}
              sizes={PAGE_IMAGE_SIZES}
              alt={REPORT_TEXT.pageN(i + 1)}
              loading={i < 2 ? 'eager' : 'lazy'}
            />
            {jump && jump.terms.length > 0 && layouts[i] && (
              <PageTermMarks layoutUrl={layouts[i]} terms={jump.terms} />
            )}
          </div>
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
