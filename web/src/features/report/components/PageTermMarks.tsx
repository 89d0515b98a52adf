import { parsePageLayout, termBoxes, type TPageBox } from '@portal/contract';
import { useEffect, useState } from 'react';

type TPageTermMarksProps = {
  /** The page's text layout (the report's `pdf_layout` entry, a signed URL). */
  layoutUrl: string;
  terms: readonly string[];
};

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * A search hit's words marked on a page image, for phones (no pdf.js text layer there): the
 * page's text layout says where each run of text is drawn, and contract `termBoxes` finds the
 * words in it as the desktop reader finds them in its text layer. Laid over the image in
 * fractions of its size, so the marks stay on the words at any width. A layout that cannot be
 * read marks nothing: the page is still there to read.
 */
export function PageTermMarks({ layoutUrl, terms }: TPageTermMarksProps) {
  const [boxes, setBoxes] = useState<readonly TPageBox[]>([]);
  const termList = terms.join(' ');
  useEffect(() => {
    const controller = new AbortController();
    void fetch(layoutUrl, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        const layout = parsePageLayout(body);
        setBoxes(layout ? termBoxes(layout, termList.split(' ')) : []);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [layoutUrl, termList]);

  if (boxes.length === 0) {
    return null;
  }
  return (
    <div className="report-detail__marks" aria-hidden="true">
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
