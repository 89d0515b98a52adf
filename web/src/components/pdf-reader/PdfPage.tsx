import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

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
};

/** Pages this far outside the visible area are drawn ahead of time, and dropped beyond it. */
const NEAR_MARGIN = '600px 0px';

/**
 * One PDF page as a canvas, drawn only while it is near the visible area: pages out of view keep
 * their size (so scrolling and page jumps stay right) but hold no pixels.
 */
export function PdfPage({ doc, number, width, aspect, root, label }: TPdfPageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [pageAspect, setPageAspect] = useState(aspect);

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
    let alive = true;
    void (async () => {
      const page = await doc.getPage(number);
      const canvas = canvasRef.current;
      if (!alive || !canvas) {
        return;
      }
      const natural = page.getViewport({ scale: 1 });
      setPageAspect(natural.height / natural.width);
      const viewport = page.getViewport({ scale: width / natural.width });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise.catch(() => undefined);
    })();
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [doc, number, width, near]);

  return (
    <div
      ref={boxRef}
      className="pdf-page"
      style={{ width, height: Math.round(width * pageAspect) }}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      {near && <canvas ref={canvasRef} className="pdf-page__canvas" />}
    </div>
  );
}
