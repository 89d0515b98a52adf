import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TTextRun } from '@portal/contract';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { findInDocument, type TFoundPage } from './findInDocument.ts';
import { PDF_READER_TEXT } from './texts.ts';

type TFindBoxProps = {
  doc: PDFDocumentProxy | null;
  /** The page being read: the search goes on from it. */
  current: number;
  /** Shows a page with the words marked (null: the search was cleared). */
  onFound: (page: number, terms: readonly string[] | null) => void;
};

type TResult = { terms: string[]; pages: TFoundPage[]; at: number };

const termsOf = (text: string) => text.split(/\s+/).filter((t) => t !== '');

/**
 * 在报告中查找: the reader's own search. Enter finds the words in every page's text and shows the
 * first page at or after the one being read that has them, with them marked; Enter again, or
 * the arrows, goes to the next or previous such page. Says how many times and on how many
 * pages, or 未找到.
 */
export function FindBox({ doc, current, onFound }: TFindBoxProps) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<TResult | null>(null);
  const [busy, setBusy] = useState(false);
  const cache = useRef(new Map<number, TTextRun[]>());
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    cache.current = new Map();
    return () => running.current?.abort();
  }, [doc]);

  const show = (found: TResult, at: number) => {
    const page = found.pages[at];
    setResult({ ...found, at });
    // Nothing found: no marks left from an earlier search either.
    onFound(page ? page.page : current, page ? found.terms : null);
  };

  const step = (by: number) => {
    if (result && result.pages.length > 0) {
      show(result, (result.at + by + result.pages.length) % result.pages.length);
    }
  };

  const find = async () => {
    const terms = termsOf(text);
    if (!doc || terms.length === 0) {
      setResult(null);
      onFound(current, null);
      return;
    }
    if (result && result.terms.join(' ') === terms.join(' ')) {
      step(1);
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      const pages = await findInDocument(doc, terms, cache.current, controller.signal);
      if (controller.signal.aborted) {
        return;
      }
      const from = pages.findIndex((p) => p.page >= current);
      show({ terms, pages, at: 0 }, from < 0 ? 0 : from);
    } finally {
      if (running.current === controller) {
        setBusy(false);
      }
    }
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) {
        step(-1);
      } else {
        void find();
      }
    }
  };

  const count = result?.pages.reduce((sum, p) => sum + p.count, 0) ?? 0;
  const status = busy
    ? PDF_READER_TEXT.finding
    : result
      ? count === 0
        ? PDF_READER_TEXT.notFound
        : PDF_READER_TEXT.foundAt(result.at + 1, result.pages.length, count)
      : '';
  return (
    <div className="pdf-reader__find" role="search">
      <input
        type="search"
        aria-label={PDF_READER_TEXT.find}
        placeholder={PDF_READER_TEXT.find}
        value={text}
        maxLength={100}
        disabled={!doc}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() === '' && result) {
            setResult(null);
            onFound(current, null);
          }
        }}
        onKeyDown={onKey}
      />
      <button
        type="button"
        className="pdf-reader__tool"
        aria-label={PDF_READER_TEXT.findPrev}
        title={PDF_READER_TEXT.findPrev}
        disabled={!result || result.pages.length < 2}
        onClick={() => step(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="pdf-reader__tool"
        aria-label={PDF_READER_TEXT.findNext}
        title={PDF_READER_TEXT.findNext}
        disabled={!result || result.pages.length < 2}
        onClick={() => step(1)}
      >
        ↓
      </button>
      <output className="pdf-reader__find-status" aria-live="polite">
        {status}
      </output>
    </div>
  );
}
