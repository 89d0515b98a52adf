import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDF_BASE_WIDTH_PX, PDF_ZOOM_STEP_PERCENT } from '@portal/contract';
import { downloadFile } from '../downloadFile.ts';
import { PdfPage } from './PdfPage.tsx';
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
};

/**
 * pdf.js reader (spec §2 "PDF reader dialog"): thumbnail list, page jump (页码 + Enter), zoom in
 * 25 % steps from a 700 px page width, download. Only pages near the visible area are drawn,
 * so a long report costs what one screen of it costs.
 */
export function PdfReader({ url, thumbnails, onDownload, fileName }: TPdfReaderProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [aspect, setAspect] = useState(Math.SQRT2);
  const [zoom, setZoom] = useState(100);
  const [current, setCurrent] = useState(1);
  const [jumpText, setJumpText] = useState('1');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [thumbScroller, setThumbScroller] = useState<HTMLOListElement | null>(null);
  const pageRefs = useRef<(HTMLDivElement | null)[]>([]);

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
                    <img
                      src={image}
                      alt=""
                      loading="lazy"
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
                />
              </div>
            ))}
        </div>
      </div>
    </div>
  );
}
