import { useEffect, useMemo, useRef, useState } from 'react';
import { FindBox } from '../../../components/find/FindBox.tsx';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { useNoteOnPage } from '../../../entities/notes/components/noteSheet.ts';
import { NOTES_TEXT } from '../../../entities/notes/texts.ts';
import { findInLayouts } from '../findInLayouts.ts';
import { REPORT_TEXT } from '../texts.ts';
import { PageTermMarks } from './PageTermMarks.tsx';

/** A page fills the phone's width less the card's padding: a 640 px copy on most phones, not the full page. */
const PAGE_IMAGE_SIZES = 'calc(100vw - 32px)';
/** Where a page scrolled to starts: below the top bar and the find bar (ReportDetail.css). */
const PAGE_SCROLL_MARGIN_PX = 112;

type TMobilePagesProps = {
  images: readonly string[];
  /** Each page's text layout, beside `images` (for the marks of a search hit's words). */
  layouts: readonly string[];
  /** Every page's layout in one file, which 在报告中查找 reads instead of each page's ('' when there is none). */
  allLayouts: string;
  /** A page to show first, and the search words to mark wherever pages show them (a page hit's link). */
  jump: { page: number; terms: readonly string[] } | null;
};

/** The page at the top of the screen, below the top bar and the find bar (1 above the first). */
function readingPage(pages: readonly (HTMLElement | null)[]): number {
  let reading = 1;
  pages.forEach((page, i) => {
    if (page && page.getBoundingClientRect().top <= PAGE_SCROLL_MARGIN_PX + 1) {
      reading = i + 1;
    }
  });
  return reading;
}

/**
 * A report's pages as images on a phone (no pdf.js there). A page link scrolls to its page, and
 * a search hit's words are marked on the pages that show them; 在报告中查找 (kept in view above
 * the pages) finds words the same way over the pages' text layouts. Each page takes a note
 * anchored to it (issue 21).
 */
export function MobilePages({ images, layouts, allLayouts, jump }: TMobilePagesProps) {
  const noteOnPage = useNoteOnPage();
  const refs = useRef<(HTMLElement | null)[]>([]);
  // By the URLs, not the array: a refetched detail with the same pages keeps the pages read.
  const layoutKey = layouts.join('\n');
  const findPages = useMemo(
    () => (layoutKey ? findInLayouts(layoutKey.split('\n'), allLayouts) : null),
    [layoutKey, allLayouts],
  );
  const [found, setFound] = useState<{ page: number; terms: readonly string[] } | null>(null);
  const shown = found ?? jump;
  const scrollTo = (page: number) => refs.current[page - 1]?.scrollIntoView({ block: 'start' });

  useEffect(() => {
    if (jump) {
      scrollTo(jump.page);
    }
  }, [jump]);

  return (
    <section
      className={`detail-card report-detail__pages${findPages ? ' report-detail__pages--find' : ''}`}
      aria-label={REPORT_TEXT.pages}
    >
      {findPages && (
        <div className="report-detail__find">
          <FindBox
            findPages={findPages}
            current={() => readingPage(refs.current)}
            onFound={(page, terms) => {
              setFound(terms ? { page, terms } : null);
              if (terms) {
                scrollTo(page);
              }
            }}
          />
        </div>
      )}
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
            {shown && shown.terms.length > 0 && layouts[i] && (
              <PageTermMarks layoutUrl={layouts[i]} terms={shown.terms} />
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
