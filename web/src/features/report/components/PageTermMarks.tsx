import { termBoxes, type TPageBox } from '@portal/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { pageLayoutOf } from '../pageLayouts.ts';

type TPageTermMarksProps = {
  /** The page's text layout (the report's `pdf_layout` entry, a signed URL). */
  layoutUrl: string;
  terms: readonly string[];
};

/** A page's layout is fetched once the page comes within a screen of the viewport. */
const NEAR_MARGIN = '100% 0px';

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/** True once `ref`'s element has come near the viewport (at once where IntersectionObserver is missing). */
function useCameNear(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * A search hit's words marked on a page image, for phones (no pdf.js text layer there): the
 * page's text layout says where each run of text is drawn, and contract `termBoxes` finds the
 * words in it as the desktop reader finds them in its text layer — on every page that shows
 * them, each page's layout fetched as the page nears the screen. Laid over the image in
 * fractions of its size, so the marks stay on the words at any width. A layout that cannot be
 * read marks nothing: the page is still there to read.
 */
export function PageTermMarks({ layoutUrl, terms }: TPageTermMarksProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useCameNear(ref);
  const [boxes, setBoxes] = useState<readonly TPageBox[]>([]);
  const termList = terms.join(' ');
  useEffect(() => {
    if (!near) {
      return;
    }
    let alive = true;
    void pageLayoutOf(layoutUrl)
      .then((layout) => {
        if (alive) {
          setBoxes(layout ? termBoxes(layout, termList.split(' ')) : []);
        }
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [near, layoutUrl, termList]);

  return (
    <div ref={ref} className="report-detail__marks" aria-hidden="true">
      {boxes.map((box, i) => (
        <mark
          // Boxes are recomputed whole; their order is the page's reading order.
          key={i}
          className="report-detail__mark"
          style={{ left: percent(box.x), top: percent(box.y), width: percent(box.w), height: percent(box.h) }}
        />
      ))}
    </div>
  );
}
