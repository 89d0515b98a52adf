import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { markTerms } from './markTerms.ts';
import type { TPageMark } from './selection.ts';

type TPdfPageProps = {
  doc: PDFDocumentProxy;
  /** 1-based page number. */
  number: number;
  /** CSS width in px; the height follows the page. */
  width: number;
  /** Height / width of the first page, used until this page is measured. */
  aspect: number;
  /** The scrolling element the page sits in (null: the window). */
  root: Element | null;
  label?: string;
  /** Lays pdf.js's text layer over the page, so its text can be selected (and highlighted). */
  selectable?: boolean;
  /** Highlights drawn on the page, in page fractions. */
  marks?: readonly TPageMark[];
  /** Words to mark in the text (a search hit's, issue 19); they need the text layer too. */
  terms?: readonly string[] | undefined;
};

/** Pages this far outside the visible area are drawn ahead of time, and dropped beyond it. */
const NEAR_MARGIN = '600px 0px';

/**
 * One PDF page as a canvas, drawn only while it is near the visible area: pages out of view keep
 * their size (so scrolling and page jumps stay right) but hold no pixels. Highlights are boxes
 * in fractions of the page, so they sit right at any zoom without measuring text again.
 */
export function PdfPage({
  doc,
  number,
  width,
  aspect,
  root,
  label,
  selectable,
  marks,
  terms,
}: TPdfPageProps) {
  const termList = terms?.join(' ') ?? '';
  const withText = selectable === true || termList !== '';
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [pageAspect, setPageAspect] = useState(aspect);
  const [scale, setScale] = useState(1);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      root,
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near) {
      return;
    }
    let task: RenderTask | null = null;
    let text: TextLayer | null = null;
    let alive = true;
    void (async () => {
      const page = await doc.getPage(number);
      const canvas = canvasRef.current;
      if (!alive || !canvas) {
        return;
      }
      const natural = page.getViewport({ scale: 1 });
      setPageAspect(natural.height / natural.width);
      setScale(width / natural.width);
      const viewport = page.getViewport({ scale: width / natural.width });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      const container = textRef.current;
      if (withText && container) {
        container.replaceChildren();
        text = new TextLayer({ textContentSource: page.streamTextContent(), container, viewport });
        await text.render().catch(() => undefined);
        if (alive && termList !== '') {
          markTerms(container, termList.split(' '));
        }
      }
      await task.promise.catch(() => undefined);
    })();
    return () => {
      alive = false;
      task?.cancel();
      text?.cancel();
    };
  }, [doc, number, width, near, withText, termList]);

  const vars = { '--total-scale-factor': scale } as CSSProperties;
  return (
    <div
      ref={boxRef}
      className="pdf-page"
      style={{ width, height: Math.round(width * pageAspect), ...vars }}
      role={label ? 'img' : undefined}
      aria-label={label}
      data-page-box={number}
    >
      {near && <canvas ref={canvasRef} className="pdf-page__canvas" />}
      {marks && marks.length > 0 && (
        <div className="pdf-page__marks" aria-hidden="true">
          {marks.flatMap((mark) =>
            mark.rects.map(([x, y, w, h], i) => (
              <div
                key={`${mark.id}-${i}`}
                className={`pdf-mark pdf-mark--${mark.color}`}
                data-highlight-id={mark.id}
                title={mark.title}
                style={{
                  left: `${x * 100}%`,
                  top: `${y * 100}%`,
                  width: `${w * 100}%`,
                  height: `${h * 100}%`,
                }}
              />
            )),
          )}
        </div>
      )}
      {near && withText && <div ref={textRef} className="textLayer pdf-page__text" />}
    </div>
  );
}
