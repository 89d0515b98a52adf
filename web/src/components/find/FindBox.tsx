import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FIND_TEXT } from './texts.ts';
import './FindBox.css';

/** A page that shows the words, and how many times. */
export type TFoundPage = { page: number; count: number };

/** Finds the pages that show `terms`, in page order; stops early when `signal` aborts. */
export type TFindPages = (terms: readonly string[], signal: AbortSignal) => Promise<TFoundPage[]>;

type TFindBoxProps = {
  /** How this report's pages are searched (null: not loaded yet). A new function starts afresh. */
  findPages: TFindPages | null;
  /** The page being read when the search starts: it goes on from there. */
  current: () => number;
  /** Shows a page with the words marked (null: the search was cleared). */
  onFound: (page: number, terms: readonly string[] | null) => void;
};

type TResult = { terms: string[]; pages: TFoundPage[]; at: number };

const STEPS = [
  { by: -1, label: FIND_TEXT.findPrev, glyph: '↑' },
  { by: 1, label: FIND_TEXT.findNext, glyph: '↓' },
] as const;

const termsOf = (text: string) => text.split(/\s+/).filter((t) => t !== '');

/**
 * 在报告中查找: a report's own search, in the desktop reader (pdf.js pages) and over a phone's page
 * images (their text layouts). Enter finds the words in every page's text and shows the
 * first page at or after the one being read that has them, with them marked; Enter again, or
 * the arrows, goes to the next or previous such page. Says how many times and on how many
 * pages, or 未找到.
 */
export function FindBox({ findPages, current, onFound }: TFindBoxProps) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<TResult | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    setResult(null);
    return () => running.current?.abort();
  }, [findPages]);

  const show = (found: TResult, at: number) => {
    const page = found.pages[at];
    setResult({ ...found, at });
    // Nothing found: no marks left from an earlier search either.
    onFound(page ? page.page : current(), page ? found.terms : null);
  };

  const step = (by: number) => {
    if (result && result.pages.length > 0) {
      show(result, (result.at + by + result.pages.length) % result.pages.length);
    }
  };

  const find = async () => {
    const terms = termsOf(text);
    if (!findPages || terms.length === 0) {
      setResult(null);
      onFound(current(), null);
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
      const pages = await findPages(terms, controller.signal);
      if (controller.signal.aborted) {
        return;
      }
      const reading = current();
      const from = pages.findIndex((p) => p.page >= reading);
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
    ? FIND_TEXT.finding
    : result
      ? count === 0
        ? FIND_TEXT.notFound
        : FIND_TEXT.foundAt(result.at + 1, result.pages.length, count)
      : '';
  return (
    <div className="find-box" role="search">
      <input
        type="search"
        aria-label={FIND_TEXT.find}
        placeholder={FIND_TEXT.find}
        value={text}
        maxLength={100}
        disabled={!findPages}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() === '' && result) {
            setResult(null);
            onFound(current(), null);
          }
        }}
        onKeyDown={onKey}
      />
      {STEPS.map(({ by, label, glyph }) => (
        <button
          key={by}
          type="button"
          className="find-box__step"
          aria-label={label}
          title={label}
          disabled={!result || result.pages.length < 2}
          onClick={() => step(by)}
        >
          {glyph}
        </button>
      ))}
      <output className="find-box__status" aria-live="polite">
        {status}
      </output>
    </div>
  );
}
