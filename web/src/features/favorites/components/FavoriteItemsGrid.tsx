import type { TFavoriteTab } from '@portal/contract';
import { ContentCard } from '../../../entities/content/components/ContentCard.tsx';
import { ContentList, type TListOption } from '../../../components/ContentList.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';
import { useFavoriteItems } from '../useFavoriteQueries.ts';

type TFavoriteItemsGridProps = {
  tn: TFavoriteTab;
  tabs: readonly TListOption[];
  onTabChange: (key: string) => void;
};

/** A content tab of the collection screen (免费报告, 商业头条, 洞察专题): favourited items across folders. */
export function FavoriteItemsGrid({ tn, tabs, onTabChange }: TFavoriteItemsGridProps) {
  const query = useFavoriteItems(tn, true);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <ContentList
      tabs={tabs}
      activeTab={tn}
      onTabChange={onTabChange}
      sorts={[]}
      activeSort=""
      onSortChange={() => undefined}
      items={items}
      getKey={(h) => `${h._index}:${h._id}`}
      renderItem={(h) => <ContentCard hit={h} />}
      status={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'}
      hasMore={query.hasNextPage && !query.isFetchNextPageError}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      empty={<EmptyState kind={query.isError ? 'noResults' : 'noData'} />}
      label={FAVORITES_TEXT.itemsList}
    />
  );
}
