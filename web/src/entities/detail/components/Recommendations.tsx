import { useRecommendations } from '../api.ts';
import { DETAIL_TEXT } from '../texts.ts';
import { RelatedItem } from './RelatedItem.tsx';

/** `keyword` empty lets the server relate by the item's own title and keywords (its best match). */
type TRecommendationsProps = { id: string; index: string; keyword?: string };

/** 相关推荐: compact rows (RelatedItem); nothing at all when there is nothing related. */
export function Recommendations({ id, index, keyword = '' }: TRecommendationsProps) {
  const query = useRecommendations(id, index, keyword, id !== '');
  const hits = query.data ?? [];
  if (hits.length === 0) {
    return null;
  }
  return (
    <section className="detail-recommend" aria-label={DETAIL_TEXT.recommendations}>
      <h2 className="detail-section__title">{DETAIL_TEXT.recommendations}</h2>
      <ul className="related-list" aria-label={DETAIL_TEXT.recommendationsList}>
        {hits.map((hit) => (
          <li key={`${hit._index}/${hit._id}`}>
            <RelatedItem hit={hit} />
          </li>
        ))}
      </ul>
    </section>
  );
}
