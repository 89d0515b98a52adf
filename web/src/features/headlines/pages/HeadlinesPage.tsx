import { lazy, Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { TNewHotSort, TSubscribeInfoReply } from '@portal/contract';
import {
  HEADLINES_FIRST_RELOAD,
  HEADLINES_FIRST_SORT,
  MSG,
  NEW_HOT_SORTS,
  SORT_LABELS,
  headlineKeywordOf,
  hiddenHeadlineKeywords,
} from '@portal/contract';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import {
  saveKeywordStatus,
  subscriptionKeys,
  useSubscribeInfoShown,
} from '../../../entities/subscriptions/api.ts';
import { HeadlineRow } from '../components/HeadlineRow.tsx';
import { KeywordSidebar } from '../components/KeywordSidebar.tsx';
import { HEADLINES_TEXT as T } from '../texts.ts';
import { useHeadlineList } from '../useHeadlineList.ts';
import './HeadlinesPage.css';

// The edit view (keyword picker and dialog) loads on first use: most visits only read and toggle.
const KeywordEditDialog = lazy(async () => ({
  default: (await import('../components/KeywordEditDialog.tsx')).KeywordEditDialog,
}));

/**
 * 商业头条 (/headlines): the headlines of the user's subscribed keywords, 最新 or 最热, 20 a
 * page. The sidebar toggles each keyword shown/hidden (saved, and the list reloads from page
 * 1 without the hidden ones); 编辑 opens the keyword edit view.
 */
export function HeadlinesPage() {
  const queryClient = useQueryClient();
  const { data: info = null, refetch: refetchInfo } = useSubscribeInfoShown();
  const [psort, setPsort] = useState<TNewHotSort>(HEADLINES_FIRST_SORT);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [reloadKey, setReloadKey] = useState(HEADLINES_FIRST_RELOAD);
  // ?keyword=: the digest's 查看全部 N 条 opens the list narrowed to that keyword.
  const [params, setParams] = useSearchParams();
  const onlyKeyword = headlineKeywordOf(params);

  /** Asks again for the keywords and, from page 1, the list (after an edit, or 重试). */
  const reload = () => {
    setReloadKey((n) => n + 1);
    void refetchInfo();
  };

  const keywords = useMemo(() => info?.keyword_list ?? [], [info]);
  const excluded = useMemo(() => hiddenHeadlineKeywords(info), [info]);
  const list = useHeadlineList(psort, excluded, reloadKey, onlyKeyword);

  const onToggle = async (keyword: string, shown: boolean) => {
    setBusy(keyword);
    try {
      await saveKeywordStatus(keyword, shown ? 1 : 0);
      queryClient.setQueryData<TSubscribeInfoReply>(
        subscriptionKeys.info,
        (current) =>
          current && {
            ...current,
            keyword_list: current.keyword_list.map((k) =>
              k.keyword === keyword ? { ...k, status: shown ? 1 : 0 } : k,
            ),
          },
      );
    } catch {
      // The client has shown the server's message; the switch keeps its state.
    } finally {
      setBusy(null);
    }
  };

  return (
    <ListPage title={T.listTitle} description={T.updateNotice}>
      <div className="hl-page">
        <KeywordSidebar
          keywords={keywords}
          onToggle={(k, s) => void onToggle(k, s)}
          onEdit={() => setEditing(true)}
          busy={busy}
        />
        <section className="hl-list" aria-label={T.listTitle}>
          <div className="hl-toolbar">
            <div className="hl-sorts" role="tablist" aria-label={T.sorts}>
              {NEW_HOT_SORTS.map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={psort === key}
                  className="hl-sort"
                  onClick={() => setPsort(key)}
                >
                  {SORT_LABELS[key]}
                </button>
              ))}
            </div>
            {list.status === 'ready' && <span className="hl-total">{T.total(list.total)}</span>}
          </div>
          {onlyKeyword !== '' && (
            <p className="hl-only">
              <span>{T.onlyKeyword(onlyKeyword)}</span>
              <button type="button" className="hl-link" onClick={() => setParams({}, { replace: true })}>
                {T.clearKeyword}
              </button>
            </p>
          )}
          {list.status === 'loading' ? (
            <p className="hl-status" role="status">
              {MSG.loading}
            </p>
          ) : list.status === 'error' ? (
            <p className="hl-status" role="alert">
              {T.listFailed}{' '}
              <button type="button" className="hl-link" onClick={reload}>
                {T.retry}
              </button>
            </p>
          ) : list.items.length === 0 ? (
            <EmptyState kind="noData" />
          ) : (
            <>
              <ol className="hl-rows" aria-label={T.listTitle}>
                {list.items.map((hit) => (
                  <li key={hit._id}>
                    <HeadlineRow hit={hit} />
                  </li>
                ))}
              </ol>
              {list.canLoadMore ? (
                <button type="button" className="hl-more" onClick={list.loadMore} disabled={list.loadingMore}>
                  {list.loadingMore ? MSG.loading : T.loadMore}
                </button>
              ) : (
                <p className="hl-end">{MSG.endOfList}</p>
              )}
            </>
          )}
        </section>
      </div>
      {info && editing && (
        <Suspense fallback={null}>
          <KeywordEditDialog
            open={editing}
            info={info}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              reload();
            }}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
