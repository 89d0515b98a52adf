import { useSearchParams } from 'react-router';
import { CONTENT_INDEXES, detailApi } from '@portal/contract';
import { useDetail } from '../../../entities/detail/api.ts';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { FavoriteButton } from '../../../entities/detail/components/FavoriteButton.tsx';
import { LazyRecommendations } from '../../../entities/detail/components/LazyRecommendations.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { ANALYSIS_TEXT } from '../texts.ts';
import { AnalysisViewer } from './AnalysisViewer.tsx';
import { RelatedFiles } from './RelatedFiles.tsx';
import { ShortcutButton } from './ShortcutButton.tsx';
import '../../../entities/detail/components/Detail.css';
import './AnalysisDetail.css';

type TAnalysisDetailProps = { onFavorite?: () => void };

/** 专题详情 (spec §2 "Analysis detail"). */
export function AnalysisDetail({ onFavorite }: TAnalysisDetailProps) {
  const { id, index } = useDetailParams(CONTENT_INDEXES.insight);
  const [search] = useSearchParams();
  const query = useDetail(detailApi.analysis, id, index);

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    return <DetailStatus kind={detailFailure(query.error)} onRetry={() => void query.refetch()} />;
  }

  const reply = query.data;
  const source = reply.detail_info._source;
  const analType = source.anal_type || search.get('anal_type') || source.anal_data_ext;

  return (
    <article className="detail analysis-detail" aria-labelledby="analysis-title">
      <title>{`${source.title} - ${ANALYSIS_TEXT.detailsTitle} - 洞察门户`}</title>
      <div className="detail-card analysis-detail__head">
        <div className="analysis-detail__info">
          <h1 id="analysis-title" className="detail__title">
            {source.title}
          </h1>
          <dl className="detail-meta analysis-detail__meta">
            {source.creator && (
              <>
                <dt>{ANALYSIS_TEXT.creator}</dt>
                <dd>{source.creator}</dd>
              </>
            )}
            <dt>{ANALYSIS_TEXT.createTime}</dt>
            <dd>{source.create_time}</dd>
            {source.target && (
              <>
                <dt>{ANALYSIS_TEXT.target}</dt>
                <dd>{source.target}</dd>
              </>
            )}
          </dl>
        </div>
        <div className="detail-actions analysis-detail__actions">
          <ShortcutButton
            target={{ id, title: source.title, index, anal_type: analType }}
            initial={reply.insight_topic_shortcut_status}
          />
          <FavoriteButton status={reply.favorite_status} onFavorite={onFavorite} />
        </div>
      </div>
      <AnalysisViewer detailId={id} source={source} />
      <RelatedFiles detailId={id} files={source.quote_data_info} />
      <LazyRecommendations id={id} index={index} />
    </article>
  );
}
