import { useQueries } from '@tanstack/react-query';
import { KEYWORD_PREVIEW_DAYS, type TKeywordPreview } from '@portal/contract';
import { alertKeys, fetchKeywordPreview } from '../alertsApi.ts';
import { SUBSCRIPTIONS_TEXT as T } from '../../../entities/subscriptions/texts.ts';
import './KeywordPreview.css';

type TResult = TKeywordPreview | 'failed';

/**
 * 订阅预览: for each keyword being chosen (before saving), how many headlines it matched over
 * the last week — matched as the daily digest matches — and the newest five. Each keyword is
 * its own query: asked for once per visit (on mount, then never stale), a keyword added later
 * when it appears, and one keyword's answer neither cancels nor re-asks the others.
 */
export function KeywordPreview({ keywords }: { keywords: readonly string[] }) {
  const queries = useQueries({
    queries: keywords.map((keyword) => ({
      queryKey: alertKeys.preview(keyword),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchKeywordPreview(keyword, signal),
      refetchOnMount: 'always' as const,
      staleTime: Infinity,
      // A failure stays in its row at once (the panel says so); no second try.
      retry: false,
    })),
  });
  const results: Readonly<Record<string, TResult | undefined>> = Object.fromEntries(
    queries.map((query, i) => [keywords[i], query.isError ? 'failed' : query.data]),
  );

  return (
    <section className="kw-preview" aria-labelledby="kw-preview-title">
      <h2 id="kw-preview-title" className="sub-field__label">
        {T.previewTitle}
      </h2>
      {keywords.length === 0 ? (
        <p className="sub-field__hint">{T.previewEmpty}</p>
      ) : (
        <>
          <p className="sub-field__hint">{T.previewIntro(KEYWORD_PREVIEW_DAYS)}</p>
          <ul className="kw-preview__list" aria-label={T.previewTitle}>
            {keywords.map((keyword) => (
              <PreviewRow key={keyword} keyword={keyword} result={results[keyword]} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PreviewRow({ keyword, result }: { keyword: string; result: TResult | undefined }) {
  const status =
    result === undefined
      ? T.previewLoading
      : result === 'failed'
        ? T.previewFailed
        : T.previewCount(result.days, result.count);
  const head = (
    <>
      <span className="kw-preview__keyword">{keyword}</span>
      <span
        className="kw-preview__count"
        data-zero={result !== undefined && result !== 'failed' && result.count === 0 ? '' : undefined}
      >
        {status}
      </span>
    </>
  );
  if (result === undefined || result === 'failed' || result.count === 0) {
    return (
      <li className="kw-preview__item" data-testid={`preview-${keyword}`}>
        <div className="kw-preview__head">{head}</div>
        {result !== undefined && result !== 'failed' && <p className="kw-preview__none">{T.previewNone}</p>}
      </li>
    );
  }
  return (
    <li className="kw-preview__item" data-testid={`preview-${keyword}`}>
      <details className="kw-preview__details">
        <summary className="kw-preview__head">{head}</summary>
        <ol className="kw-preview__top">
          {result.top.map((h) => (
            <li key={h.id}>
              {/* A new tab: the choices on this page are not saved yet. */}
              <a href={`/headlines/headlines_details/${h.id}?id=${h.id}`} target="_blank" rel="noreferrer">
                {h.title}
              </a>
              <span className="kw-preview__meta">
                {h.source} · {formatDay(h.published_at)}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

const dayFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function formatDay(ms: number): string {
  return dayFormat.format(new Date(ms)).replace(/\//g, '-');
}
