import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDF_BASE_WIDTH_PX, PDF_ZOOM_STEP_PERCENT, type THighlightColor } from '@portal/contract';
import { downloadFile } from '../downloadFile.ts';
import { ResponsiveImage } from '../ResponsiveImage.tsx';
import { FindBox } from '../find/FindBox.tsx';
import { findInDocument } from './findInDocument.ts';
import { HighlightMenu } from './HighlightMenu.tsx';
import { PageShare, type TPageShare } from './PageShare.tsx';
import { PdfPage } from './PdfPage.tsx';
import { selectionOnPage, type TPageMark, type TPdfSelection } from './selection.ts';
import { PDF_READER_TEXT } from './texts.ts';
import './PdfReader.css';

// A same-origin file Vite emits next to the bundle: the CSP's script-src 'self' covers it.
GlobalWorkerOptions.workerSrc = workerSrc;

const MIN_ZOOM = 50;
const MAX_ZOOM = 300;
const THUMB_WIDTH_PX = 96;
/** Page gap in the scroll area, px (PdfReader.css). */
const PAGE_GAP_PX = 16;

export type TPdfReaderProps = {
  url: string;
  /** Page images (the report's `pdf_image`), used as thumbnails instead of rendering pages twice. */
  thumbnails?: readonly string[];
  /** Replaces the plain download (a report logs the download first). */
  onDownload?: () => void;
  fileName?: string;
  /**
   * A page to show: a new object (even for the same page) jumps again. Beyond the last: the last.
   * `terms` (a search hit's words) are marked wherever pages show them.
   */
  jump?: { page: number; terms?: readonly string[] } | null;
  /** Highlights to draw; with `onHighlight`, selecting text offers to highlight it. */
  marks?: readonly TPageMark[];
  onHighlight?: (selection: TPdfSelection, color: THighlightColor, content: string) => Promise<boolean>;
  /** 复制本页链接 and 本页二维码 in the toolbar. */
  share?: TPageShare;
};

/** A selection waiting in the highlight menu, and where the menu sits in the page area. */
type TPending = { selection: TPdfSelection; left: number; top: number };

/**
 * pdf.js reader (spec §2 "PDF reader dialog"): thumbnail list, page jump (页码 + Enter), zoom in
 * 25 % steps from a 700 px page width, download; and 在报告中查找 (components/find/FindBox.tsx).
 * Only pages near the visible area are drawn, so a long report costs what one screen of it
 * costs.
 */
export function PdfReader({
  url,
  thumbnails,
  onDownload,
  fileName,
  jump,
  marks,
  onHighlight,
  share,
}: TPdfReaderProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [aspect, setAspect] = useState(Math.SQRT2);
  const [zoom, setZoom] = useState(100);
  const [current, setCurrent] = useState(1);
  const [jumpText, setJumpText] = useState('1');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [thumbScroller, setThumbScroller] = useState<HTMLOListElement | null>(null);
  const pageRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [pending, setPending] = useState<TPending | null>(null);
  /** Words 在报告中查找 found: marked instead of a search hit's. */
  const [findTerms, setFindTerms] = useState<readonly string[] | null>(null);

  useEffect(() => {
    setDoc(null);
    setFailed(false);
    const task = getDocument({
      url,
      isEvalSupported: false,
      // Copied beside the build by vite.config.ts: Chinese text in fonts the PDF does not embed.
      cMapUrl: '/pdfjs/cmaps/',
      cMapPacked: true,
      standardFontDataUrl: '/pdfjs/standard_fonts/',
    });
    let alive = true;
    task.promise.then(
      async (loaded) => {
        const first = await loaded.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (!alive) {
          return;
        }
        setAspect(viewport.height / viewport.width);
        setDoc(loaded);
      },
      () => {
        if (alive) {
          setFailed(true);
        }
      },
    );
    return () => {
      alive = false;
      void task.destroy();
    };
  }, [url]);

  const pageCount = doc?.numPages ?? 0;
  const findPages = useMemo(() => (doc ? findInDocument(doc) : null), [doc]);
  const width = Math.round((PDF_BASE_WIDTH_PX * zoom) / 100);

  const goTo = useCallback(
    (page: number) => {
      const target = Math.min(Math.max(1, page), Math.max(1, pageCount));
      const element = pageRefs.current[target - 1];
      if (scroller && element) {
        scroller.scrollTo({ top: element.offsetTop - PAGE_GAP_PX });
      }
      setCurrent(target);
      setJumpText(String(target));
    },
    [pageCount, scroller],
  );

  const onScroll = () => {
    if (!scroller) {
      return;
    }
    const line = scroller.scrollTop + scroller.clientHeight / 3;
    let page = 1;
    pageRefs.current.forEach((element, i) => {
      if (element && element.offsetTop <= line) {
        page = i + 1;
      }
    });
    if (page !== current) {
      setCurrent(page);
      setJumpText(String(page));
    }
  };

  const onJumpKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') {
      return;
    }
    const page = Number.parseInt(jumpText, 10);
    if (Number.isFinite(page)) {
      goTo(page);
    } else {
      setJumpText(String(current));
    }
  };

  const changeZoom = (step: number) => {
    setZoom((value) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value + step)));
  };

  // Keep the page being read in view when the zoom changes the layout.
  const keepPage = useRef(current);
  keepPage.current = current;
  useEffect(() => {
    const element = pageRefs.current[keepPage.current - 1];
    if (scroller && element) {
      scroller.scrollTo({ top: element.offsetTop - PAGE_GAP_PX });
    }
  }, [zoom, scroller]);

  // A requested page (a ?page= link, 跳转到第 N 页) once the pages are laid out. The dialog may
  // still be settling (a scroll before its layout is lost), so keep asking for a few frames
  // until the page area stands where the page begins.
  useEffect(() => {
    if (!jump || !doc || !scroller) {
      return;
    }
    let frame = 0;
    let tries = 0;
    const settle = () => {
      goTo(jump.page);
      const target = Math.min(Math.max(1, jump.page), doc.numPages);
      const element = pageRefs.current[target - 1];
      const wanted = element
        ? Math.min(element.offsetTop - PAGE_GAP_PX, scroller.scrollHeight - scroller.clientHeight)
        : 0;
      // Until the dialog is laid out the page area has no height and every scroll reads as 0:
      // keep asking (a busy machine may take many frames; up to about 3 s).
      const laidOut =
        scroller.clientHeight > 0 && (doc.numPages === 1 || scroller.scrollHeight > scroller.clientHeight);
      if ((!element || !laidOut || Math.abs(scroller.scrollTop - wanted) > 2) && tries++ < 180) {
        frame = requestAnimationFrame(settle);
      }
    };
    settle();
    return () => cancelAnimationFrame(frame);
  }, [jump, doc, scroller, goTo]);

  const marksByPage = useMemo(() => {
    const byPage = new Map<number, TPageMark[]>();
    for (const mark of marks ?? []) {
      byPage.set(mark.page, [...(byPage.get(mark.page) ?? []), mark]);
    }
    return byPage;
  }, [marks]);

  /** After a selection ends in the pages: offer the highlight menu under it. */
  const onSelectEnd = () => {
    if (!onHighlight || !scroller) {
      return;
    }
    const range = window.getSelection()?.rangeCount ? window.getSelection()?.getRangeAt(0) : undefined;
    const selection = range && !range.collapsed ? selectionOnPage(range) : null;
    if (!range || !selection) {
      setPending(null);
      return;
    }
    const last = [...range.getClientRects()].pop() ?? range.getBoundingClientRect();
    const frame = scroller.getBoundingClientRect();
    setPending({
      selection,
      left: Math.max(8, Math.min(last.left - frame.left + scroller.scrollLeft, scroller.scrollWidth - 300)),
      top: last.bottom - frame.top + scroller.scrollTop + 6,
    });
  };

  const download = onDownload ?? (() => downloadFile(url, fileName));

  return (
    <div className="pdf-reader">
      <div className="pdf-reader__toolbar" role="toolbar" aria-label={PDF_READER_TEXT.dialog}>
        <label className="pdf-reader__jump">
          <span aria-hidden="true">{PDF_READER_TEXT.page}</span>
          <input
            aria-label={PDF_READER_TEXT.page}
            inputMode="numeric"
            value={jumpText}
            onChange={(event) => setJumpText(event.target.value.replace(/\D/g, ''))}
            onKeyDown={onJumpKey}
            disabled={pageCount === 0}
          />
          <span aria-hidden="true">{PDF_READER_TEXT.ofTotal(pageCount)}</span>
        </label>
        <span className="pdf-reader__sep" aria-hidden="true" />
        <button
          type="button"
          className="pdf-reader__tool"
          aria-label={PDF_READER_TEXT.zoomOut}
          title={PDF_READER_TEXT.zoomOut}
          onClick={() => changeZoom(-PDF_ZOOM_STEP_PERCENT)}
          disabled={zoom <= MIN_ZOOM}
        >
          −
        </button>
        <output className="pdf-reader__zoom" aria-label={PDF_READER_TEXT.zoomLevel} aria-live="polite">
          {zoom}%
        </output>
        <button
          type="button"
          className="pdf-reader__tool"
          aria-label={PDF_READER_TEXT.zoomIn}
          title={PDF_READER_TEXT.zoomIn}
          onClick={() => changeZoom(PDF_ZOOM_STEP_PERCENT)}
          disabled={zoom >= MAX_ZOOM}
        >
          +
        </button>
        <span className="pdf-reader__sep" aria-hidden="true" />
        <button type="button" className="pdf-reader__tool pdf-reader__download" onClick={download}>
          {PDF_READER_TEXT.download}
        </button>
        {share && pageCount > 0 && <PageShare share={share} page={current} />}
        <span className="pdf-reader__sep" aria-hidden="true" />
        <FindBox
          findPages={findPages}
          current={() => current}
          onFound={(page, terms) => {
            setFindTerms(terms);
            if (terms) {
              goTo(page);
            }
          }}
        />
      </div>
      <div className="pdf-reader__main">
        <ol ref={setThumbScroller} className="pdf-reader__thumbs" aria-label={PDF_READER_TEXT.thumbnails}>
          {Array.from({ length: pageCount }, (_, i) => {
            const n = i + 1;
            const image = thumbnails?.[i];
            return (
              <li key={n}>
                <button
                  type="button"
                  className="pdf-reader__thumb"
                  aria-label={PDF_READER_TEXT.pageN(n)}
                  aria-current={n === current ? 'page' : undefined}
                  onClick={() => goTo(n)}
                >
                  {image ? (
                    <ResponsiveImage
                      src={image}
                      sizes={`${THUMB_WIDTH_PX}px`}
                      width={THUMB_WIDTH_PX}
                      height={Math.round(THUMB_WIDTH_PX * aspect)}
                    />
                  ) : (
                    doc && (
                      <PdfPage
                        doc={doc}
                        number={n}
                        width={THUMB_WIDTH_PX}
                        aspect={aspect}
                        root={thumbScroller}
                      />
                    )
                  )}
                  <span className="pdf-reader__thumb-no" aria-hidden="true">
                    {n}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        <div
          ref={setScroller}
          className="pdf-reader__pages"
          onScroll={onScroll}
          onMouseUp={onSelectEnd}
          onKeyUp={(event) => event.shiftKey && onSelectEnd()}
          aria-label={PDF_READER_TEXT.pages}
          role="region"
          tabIndex={0}
        >
          {failed && (
            <p className="pdf-reader__status" role="alert">
              {PDF_READER_TEXT.failed}
            </p>
          )}
          {!failed && !doc && (
            <p className="pdf-reader__status" role="status">
              {PDF_READER_TEXT.loading}
            </p>
          )}
          {doc &&
            Array.from({ length: pageCount }, (_, i) => (
              <div
                key={i}
                ref={(element) => {
                  pageRefs.current[i] = element;
                }}
                className="pdf-reader__page"
                data-page={i + 1}
              >
                <PdfPage
                  doc={doc}
                  number={i + 1}
                  width={width}
                  aspect={aspect}
                  root={scroller}
                  label={PDF_READER_TEXT.pageN(i + 1)}
                  selectable={onHighlight !== undefined}
                  marks={marksByPage.get(i + 1)}
                  terms={findTerms ?? jump?.terms}
                />
              </div>
            ))}
          {pending && onHighlight && (
            <HighlightMenu
              left={pending.left}
              top={pending.top}
              onHighlight={async (color, content) => {
                const done = await onHighlight(pending.selection, color, content);
                if (done) {
                  window.getSelection()?.removeAllRanges();
                }
                return done;
              }}
              onClose={() => setPending(null)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
