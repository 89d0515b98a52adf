import { CardGrid } from '../../../components/CardGrid.tsx';
import { ContentCard } from '../../content/components/ContentCard.tsx';
import { useRecommendations } from '../api.ts';
import { DETAIL_TEXT } from '../texts.ts';

/** `keyword` empty lets the server relate by the item's own title and keywords (its best match). */
type TRecommendationsProps = { id: string; index: string; keyword?: string };

/** 相关推荐: one row of cards like the lists'; nothing at all when there is nothing related. */
export function Recommendations({ id, index, keyword = '' }: TRecommendationsProps) {
  const query = useRecommendations(id, index, keyword, id !== '');
  const hits = query.data ?? [];
  if (hits.length === 0) {
    return null;
  }
  return (
    <section className="detail-recommend" aria-label={DETAIL_TEXT.recommendations}>
      <h2 className="detail-section__title">{DETAIL_TEXT.recommendations}</h2>
      <CardGrid
        items={hits}
        getKey={(hit) => `${hit._index}/${hit._id}`}
        renderItem={(hit) => <ContentCard hit={hit} headingLevel={3} />}
        label={DETAIL_TEXT.recommendationsList}
      />
    </section>
  );
}
