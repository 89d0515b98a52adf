import { Link } from 'react-router';
import type { TMaterialSource } from '@portal/contract';
import { CONTENT_INDEXES, detailApi } from '@portal/contract';
import { useDetail } from '../../../entities/detail/api.ts';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { FavoriteButton } from '../../../entities/detail/components/FavoriteButton.tsx';
import { LazyRecommendations } from '../../../entities/detail/components/LazyRecommendations.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { MATERIAL_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import './MaterialDetail.css';

type TInfoKey = keyof typeof MATERIAL_TEXT.labels;
const INFO_KEYS = Object.keys(MATERIAL_TEXT.labels) as TInfoKey[];

function infoValue(source: TMaterialSource, key: TInfoKey): string {
  if (key === 'is_have_activity') {
    return source.is_have_activity === 1 ? MATERIAL_TEXT.yes : MATERIAL_TEXT.no;
  }
  return source[key];
}

/** The analysis an item refers to, on the analysis detail page. */
function analysisPath(detailId: string): string {
  const query = new URLSearchParams({ id: detailId, index: CONTENT_INDEXES.insight });
  return `/analysis/analysis_details/${encodeURIComponent(detailId)}?${query.toString()}`;
}

/** 素材详情 (spec §2 "Material detail"). */
export function MaterialDetail({ onFavorite }: { onFavorite?: () => void }) {
  const { id, index } = useDetailParams(CONTENT_INDEXES.material);
  const query = useDetail(detailApi.material, id, index);

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    return <DetailStatus kind={detailFailure(query.error)} onRetry={() => void query.refetch()} />;
  }

  const reply = query.data;
  const source = reply.detail_info._source;

  return (
    <article className="detail material-detail" aria-labelledby="material-title">
      <title>{`${source.title} - ${MATERIAL_TEXT.detailsTitle} - 洞察门户`}</title>
      <div className="detail-card material-detail__card">
        <div className="material-detail__media" role="region" aria-label={MATERIAL_TEXT.media}>
          {source.material_type === 'video' ? (
            <video controls preload="metadata" poster={source.cover || undefined} src={source.url}>
              <track kind="captions" />
            </video>
          ) : (
            <img src={source.url} alt={source.title} />
          )}
        </div>
        <div className="material-detail__info">
          <h1 id="material-title" className="detail__title">
            {source.title}
          </h1>
          <dl className="detail-meta" aria-label={MATERIAL_TEXT.info}>
            {INFO_KEYS.map((key) => (
              <div key={key} className="material-detail__row">
                <dt>{MATERIAL_TEXT.labels[key]}</dt>
                <dd>{infoValue(source, key) || '—'}</dd>
              </div>
            ))}
          </dl>
          <div className="detail-actions">
            <FavoriteButton status={reply.favorite_status} onFavorite={onFavorite} />
          </div>
          {source.analysis_info.length > 0 && (
            <section className="material-detail__analyses" aria-label={MATERIAL_TEXT.analyses}>
              <h2 className="detail-section__title">{MATERIAL_TEXT.analyses}</h2>
              <ul>
                {source.analysis_info.map((analysis) => (
                  <li key={analysis.detail_id}>
                    <Link to={analysisPath(analysis.detail_id)}>{analysis.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      <LazyRecommendations id={id} index={index} />
    </article>
  );
}
