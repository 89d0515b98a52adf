import { useMemo, useState, type ReactNode } from 'react';
import type { TPageType, TReportFilters, TSearchHit, TSearchReply, TSort, TTabId } from '@portal/contract';
import { SORT_LABELS } from '@portal/contract';
import { ContentCard } from './ContentCard.tsx';
import { ContentList, type TListStatus } from '../../../components/ContentList.tsx';
import { gridPageSize } from '../../../components/gridPageSize.ts';
import { PRIORITY_COVER_COUNT, firstScreenCovers } from '../priorityCovers.ts';
import { useSearchFeed, useSearchLabels, type TLengthRange } from '../api.ts';
import { useSearchParamsNow } from '../../../components/useSearchParamsNow.ts';

type TContentFeedProps = {
  pageType: TPageType;
  /** The tab shown before the label call answers (and when it fails). */
  defaultTab: TTabId;
  sorts: readonly TSort[];
  keyword?: string;
  /** Insight lists: only this menu category (anal_type). */
  analType?: string;
  /** Material lists: only videos within this length range (seconds). */
  lengthRange?: TLengthRange;
  /** Accessible name of the card list. */
  label: string;
  empty?: ReactNode;
  /**
   * A line above the cards, from the first page (a result count, the fallback notice). Called
   * with undefined while the first page loads: the same lines with made-up figures, which the
   * list keeps invisible, hold their place so the cards do not move down when the page lands.
   */
  renderNotice?: (firstPage: TSearchReply | undefined) => ReactNode;
  /** The page has tabs from the label call (the home page): their row is kept while it loads. */
  reserveTabs?: boolean;
  /** Report lists: the filters the request carries. */
  filters?: TReportFilters;
  /** One line per item (the report list's 列表 view), drawn by `renderRow`. */
  renderRow?: (hit: TSearchHit) => ReactNode;
  /** Above the notice (filters, a view switch); `firstPage` while the list has one. */
  renderExtra?: (firstPage: TSearchReply | undefined) => ReactNode;
  /**
   * How many covers of the first screen are fetched at once with high priority: the largest
   * paint of a list page is one of them (priorityCovers.ts picks portrait ones first). 0 where
   * something above the list (the home carousel) is the largest paint.
   */
  priorityCovers?: number;
};

const hitKey = (hit: TSearchHit) => `${hit._index}/${hit._id}`;
/** Query parameters that keep the chosen tab and sort, so reloading or coming back restores them. */
const TAB_PARAM = 'tab';
const SORT_PARAM = 'sort';

/**
 * A content list of one page type (spec §2): tabs from GET /api/search/label, sort buttons,
 * and cards from POST /api/search, page by page. The page size follows the card grid at the
 * width the list first opened with.
 */
export function ContentFeed({
  pageType,
  defaultTab,
  sorts,
  keyword = '',
  analType,
  lengthRange,
  label,
  empty,
  renderNotice,
  filters,
  renderRow,
  renderExtra,
  priorityCovers = PRIORITY_COVER_COUNT,
  reserveTabs = false,
}: TContentFeedProps) {
  const labels = useSearchLabels(pageType);
  const [params, setParams] = useSearchParamsNow();
  const chosenTab = (params.get(TAB_PARAM) ?? defaultTab) as TTabId;
  const defaultSort = sorts[0] ?? 'new';
  const askedSort = params.get(SORT_PARAM);
  const sort = sorts.find((s) => s === askedSort) ?? defaultSort;
  const [pageSize] = useState(() => gridPageSize());

  /** Keeps the other parameters (the search page's `search`); the default value leaves the URL. */
  const choose = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) {
          next.delete(name);
        } else {
          next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  const tabs = labels.data ?? [];
  // A tab the server does not offer for this page falls back to its first one.
  const tn =
    tabs.length > 0 && !tabs.some((tab) => tab.tn === chosenTab) ? (tabs[0]?.tn ?? chosenTab) : chosenTab;
  const feed = useSearchFeed({
    tn,
    keyword,
    type: pageType,
    psort: sort,
    pageSize,
    analType,
    lengthRange,
    filters,
  });

  const items = useMemo(() => feed.data?.pages.flatMap((page) => page.data) ?? [], [feed.data]);
  const first = feed.data?.pages[0];
  const covers = useMemo(() => firstScreenCovers(first?.data ?? [], priorityCovers), [first, priorityCovers]);
  const renderHit = (hit: TSearchHit) => <ContentCard hit={hit} cover={covers.get(hit)} />;
  let status: TListStatus = 'ready';
  if (!feed.data) {
    status = feed.isError ? 'error' : 'loading';
  }

  return (
    <ContentList
      tabs={tabs.map((tab) => ({ key: tab.tn, label: tab.name }))}
      activeTab={tn}
      tabsPending={reserveTabs && labels.isPending}
      onTabChange={(key) => choose(TAB_PARAM, key, defaultTab)}
      sorts={sorts.map((key) => ({ key, label: SORT_LABELS[key] }))}
      activeSort={sort}
      onSortChange={(key) => choose(SORT_PARAM, key, defaultSort)}
      items={items}
      getKey={hitKey}
      renderItem={renderRow ?? renderHit}
      rows={renderRow !== undefined}
      extra={renderExtra?.(first)}
      status={status}
      // A failed next page ends the list where it stands (spec §4).
      hasMore={feed.hasNextPage && !feed.isFetchNextPageError}
      loadingMore={feed.isFetchingNextPage}
      onLoadMore={() => {
        if (!feed.isFetching) {
          void feed.fetchNextPage();
        }
      }}
      empty={empty}
      notice={
        renderNotice && first ? (
          renderNotice(first)
        ) : renderNotice && status === 'loading' ? (
          <div className="content-list__pending-notice" aria-hidden="true">
            {renderNotice(undefined)}
          </div>
        ) : undefined
      }
      label={label}
    />
  );
}
