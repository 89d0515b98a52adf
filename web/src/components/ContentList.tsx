import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { MSG } from '@portal/contract';
import { BackTop } from './BackTop.tsx';
import { CardGrid } from './CardGrid.tsx';
import { EmptyState } from './EmptyState.tsx';
import { COMPONENT_TEXT } from './texts.ts';
import './ContentList.css';

export type TListOption = { key: string; label: string };

/** Where a paged list stands: first page loading, first page failed, or pages shown. */
export type TListStatus = 'loading' | 'error' | 'ready';

type TContentListProps<T> = {
  /** Tabs (from the label call); the bar shows when there is more than one. */
  tabs: readonly TListOption[];
  activeTab: string;
  onTabChange: (key: string) => void;
  sorts: readonly TListOption[];
  activeSort: string;
  onSortChange: (key: string) => void;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  status: TListStatus;
  /** Another page may exist; false once an empty page came back or a page request failed. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Shown instead of the grid when the first page holds nothing (default 暂无数据). */
  empty?: ReactNode;
  /** Shown between the toolbar and the grid (a result count, a fallback notice …). */
  notice?: ReactNode;
  /** Accessible name of the card list. */
  label: string;
  /** One item per line (the report list's 列表 view) instead of the card grid. */
  rows?: boolean;
  /** Beside the sort buttons (the report list's view switch). */
  extra?: ReactNode;
  /** The label call has not answered yet: an empty row of the tabs' height keeps their place. */
  tabsPending?: boolean;
  /**
   * While the first page loads, a small spinner instead of card shapes: for a page whose head
   * comes with the list (a favourites folder), which would push the shapes down as it lands.
   */
  spinner?: boolean;
};

/** Placeholder cards while the first page loads: more than a screen holds at any width. */
const SKELETON_CARDS = Array.from({ length: 6 }, (_, i) => i);

/** Bottom sentinel: the next page loads when it comes within this distance of the viewport. */
const PRELOAD_MARGIN = '0px 0px 320px 0px';

function Tabs({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly TListOption[];
  active: string;
  onChange: (key: string) => void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) {
      return;
    }
    const current = tabs.findIndex((tab) => tab.key === active);
    const next = tabs[(current + step + tabs.length) % tabs.length];
    if (!next) {
      return;
    }
    event.preventDefault();
    onChange(next.key);
    refs.current[tabs.indexOf(next)]?.focus();
  };
  return (
    <div className="content-list__tabs" role="tablist" aria-label={COMPONENT_TEXT.tabs} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'content-list__tab content-list__tab--active' : 'content-list__tab'}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A paged list of cards (spec §2 "Content lists"): tabs, sort buttons, a card grid that loads
 * the next page when its bottom comes into view, and 已经到底了 once nothing more will come.
 * It holds no data: the caller's query decides pages, `hasMore` and failures.
 */
export function ContentList<T>(props: TContentListProps<T>) {
  const { tabs, activeTab, onTabChange, sorts, activeSort, onSortChange, items, status } = props;
  const { hasMore, loadingMore, onLoadMore } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  const canLoad = status === 'ready' && items.length > 0 && hasMore && !loadingMore;
  // A fresh observer after every page reports at once whether the sentinel is still in view,
  // so a short page on a tall screen keeps loading until the screen is full or the list ends.
  useEffect(() => {
    const element = sentinel.current;
    if (!canLoad || !element || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          loadMore.current();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, items.length]);

  let body: ReactNode;
  if (status === 'loading' && (props.rows || props.spinner)) {
    body = <div className="content-list__spinner" role="status" aria-label={MSG.loading} />;
  } else if (status === 'loading') {
    // Cards' shapes where the cards will be, so nothing below or beside them moves when they land.
    body = (
      <div role="status" aria-label={MSG.loading}>
        <CardGrid
          items={SKELETON_CARDS}
          getKey={String}
          renderItem={() => <div className="content-list__skeleton" />}
          label={MSG.loading}
        />
      </div>
    );
  } else if (items.length === 0) {
    body = props.empty ?? <EmptyState kind="noData" />;
  } else {
    body = (
      <>
        {props.rows ? (
          <ul className="content-list__rows" aria-label={props.label}>
            {items.map((item) => (
              <li key={props.getKey(item)}>{props.renderItem(item)}</li>
            ))}
          </ul>
        ) : (
          <CardGrid items={items} getKey={props.getKey} renderItem={props.renderItem} label={props.label} />
        )}
        <div ref={sentinel} className="content-list__sentinel" aria-hidden="true" />
        {loadingMore && (
          <div className="content-list__more" role="status" aria-label={COMPONENT_TEXT.loadingMore}>
            <span className="content-list__spinner content-list__spinner--small" aria-hidden="true" />
            {MSG.loading}
          </div>
        )}
        {!hasMore && !loadingMore && <p className="content-list__end">{MSG.endOfList}</p>}
      </>
    );
  }

  return (
    <section className="content-list">
      <div className="content-list__toolbar">
        {tabs.length > 1 ? (
          <Tabs tabs={tabs} active={activeTab} onChange={onTabChange} />
        ) : props.tabsPending ? (
          <span className="content-list__tabs content-list__tabs--pending" aria-hidden="true" />
        ) : (
          <span />
        )}
        {sorts.length > 1 && (
          <div className="content-list__sorts" role="group" aria-label={COMPONENT_TEXT.sorts}>
            {sorts.map((sort) => (
              <button
                key={sort.key}
                type="button"
                aria-pressed={sort.key === activeSort}
                className={
                  sort.key === activeSort
                    ? 'content-list__sort content-list__sort--active'
                    : 'content-list__sort'
                }
                onClick={() => onSortChange(sort.key)}
              >
                {sort.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {props.extra}
      {props.notice}
      <div role={tabs.length > 1 ? 'tabpanel' : undefined}>{body}</div>
      <BackTop />
    </section>
  );
}
