import { useEffect, useRef, useState } from 'react';
import './SandboxedHtml.css';

/**
 * What the framed document may do, on top of the page's own CSP (a srcdoc frame inherits it):
 * no script, no plugins, no forms; images, inline styles and media only.
 */
const FRAME_CSP =
  "default-src 'none'; img-src * data: blob:; media-src *; style-src 'unsafe-inline'; font-src data:";

const FRAME_STYLE =
  'body{margin:0;padding:4px 8px;font:15px/1.8 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;color:#262626;word-break:break-word}' +
  'img,video{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #e8e8e8;padding:4px 8px}a{color:#1677ff}';

/** The framed document: our CSP, base styles, links opening in a new tab, then the body. */
export function frameDocument(html: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">` +
    `<base target="_blank"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`
  );
}

type TSandboxedHtmlProps = {
  html: string;
  title: string;
  className?: string;
  /**
   * Grow the frame to its document's height, so the body reads as part of the page (one
   * scroll, not a box inside it). This needs the frame's document readable by the page
   * (`allow-same-origin`); the frame still has no script permission, so nothing in it can run
   * and use that origin — the pairing to avoid is allow-scripts with allow-same-origin.
   */
  fitContent?: boolean;
};

const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/**
 * HTML written by others (headline bodies, converted Word files), already sanitised by the
 * server, shown in an `<iframe sandbox srcdoc>` rather than `innerHTML`: if the sanitiser ever
 * lets a `<script>`, an `on*` handler or a `javascript:` URL through, the frame has no script
 * permission (and, unless `fitContent`, an opaque origin), so it can neither run nor reach our
 * cookies or DOM. Links may open a new tab (allow-popups) that leaves the sandbox, and nothing else.
 */
export function SandboxedHtml({ html, title, className, fitContent = false }: TSandboxedHtmlProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!fitContent || !frame) {
      return;
    }
    let observer: ResizeObserver | undefined;
    const measure = () => {
      const body = frame.contentDocument?.body;
      if (!body) {
        return;
      }
      setHeight(Math.ceil(frame.contentDocument.documentElement.scrollHeight));
      // Images arriving later grow the body: follow it.
      observer?.disconnect();
      if (typeof ResizeObserver === 'undefined') {
        return;
      }
      observer = new ResizeObserver(() => {
        setHeight(Math.ceil(frame.contentDocument?.documentElement.scrollHeight ?? 0) || null);
      });
      observer.observe(body);
    };
    frame.addEventListener('load', measure);
    measure();
    return () => {
      frame.removeEventListener('load', measure);
      observer?.disconnect();
    };
  }, [fitContent, html]);

  return (
    <iframe
      ref={frameRef}
      className={`sandboxed-html${fitContent ? ' sandboxed-html--fit' : ''}${className ? ` ${className}` : ''}`}
      title={title}
      sandbox={fitContent ? `${SANDBOX} allow-same-origin` : SANDBOX}
      referrerPolicy="no-referrer"
      srcDoc={frameDocument(html)}
      style={fitContent && height !== null ? { height } : undefined}
    />
  );
}
