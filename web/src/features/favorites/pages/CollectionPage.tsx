import { useSearchParams } from 'react-router';
import type { TFavoriteCounts, TFavoriteTab } from '@portal/contract';
import { ListPage } from '../../../components/ListPage.tsx';
import { FavoriteItemsGrid } from '../components/FavoriteItemsGrid.tsx';
import { FolderGrid } from '../components/FolderGrid.tsx';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';
import { useCollectionTabs, useFavoriteCounts, useFolders } from '../useFavoriteQueries.ts';
import '../favorites.css';

type TTabKey = keyof typeof FAVORITES_TEXT.tabNames;
const isTabKey = (tn: string): tn is TTabKey => Object.hasOwn(FAVORITES_TEXT.tabNames, tn);

const COUNT_FIELD: Record<Exclude<TTabKey, 'all'>, keyof TFavoriteCounts> = {
  report: 'favorite_report_count',
  business: 'favorite_business_count',
  insight: 'favorite_insight_count',
  material: 'favorite_material_count',
};

/**
 * 我的收藏 (/collection): tabs 收藏夹, 免费报告, 商业头条, 洞察专题 and 素材 (materials can be
 * favourited too), each only when the label call lists it (spec §2 "Favourites"), with counts;
 * `?tn=` keeps the tab across reloads.
 */
export function CollectionPage() {
  const [params, setParams] = useSearchParams();
  const labels = useCollectionTabs();
  const counts = useFavoriteCounts();
  const folders = useFolders();
  const keys = (labels.data ?? []).map((t) => t.tn).filter(isTabKey);
  const countOf = (key: TTabKey) =>
    key === 'all' ? folders.data?.total_size : counts.data?.[COUNT_FIELD[key]];
  const tabs = keys.map((key) => {
    const n = countOf(key);
    return {
      key,
      label: n === undefined ? FAVORITES_TEXT.tabNames[key] : `${FAVORITES_TEXT.tabNames[key]} ${n}`,
    };
  });
  const wanted = params.get('tn') ?? '';
  const active: TTabKey = isTabKey(wanted) && keys.includes(wanted) ? wanted : (keys[0] ?? 'all');
  const onTabChange = (key: string) => setParams(key === 'all' ? {} : { tn: key }, { replace: true });

  return (
    <ListPage title={FAVORITES_TEXT.listTitle}>
      {active === 'all' ? (
        <FolderGrid tabs={tabs} onTabChange={onTabChange} />
      ) : (
        <FavoriteItemsGrid key={active} tn={active as TFavoriteTab} tabs={tabs} onTabChange={onTabChange} />
      )}
    </ListPage>
  );
}
