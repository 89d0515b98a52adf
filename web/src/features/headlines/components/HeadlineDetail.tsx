import { CONTENT_INDEXES, detailApi } from '@portal/contract';
import { SandboxedHtml } from '../../../components/SandboxedHtml.tsx';
import { articleOpensWith } from '../articleOpensWith.ts';
import { httpUrl } from '../httpUrl.ts';
import { useDetail } from '../../../entities/detail/api.ts';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { FavoriteButton } from '../../../entities/detail/components/FavoriteButton.tsx';
import { QrCode } from '../../../entities/detail/components/QrCode.tsx';
import { LazyRecommendations } from '../../../entities/detail/components/LazyRecommendations.tsx';
import { UsefulButton } from '../../../entities/detail/components/UsefulButton.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { HEADLINES_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import './HeadlineDetail.css';
import { HeadlineMeta } from './HeadlineMeta.tsx';
import { OtherSources } from './OtherSources.tsx';

type THeadlineDetailProps = { onFavorite?: () => void };

/**
 * 头条详情 (spec §2 "Headline detail"). The body is on the page, below the summary, with its
 * 查看原文 link (issue 22: in the spec's 查看详情 dialog it read as a mostly blank box), still
 * sanitised by the server and framed without script permission.
 */
export function HeadlineDetail({ onFavorite }: THeadlineDetailProps) {
  const { id, index } = useDetailParams(CONTENT_INDEXES.business);
  const query = useDetail(detailApi.headline, id, index);

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    return <DetailStatus kind={detailFailure(query.error)} onRetry={() => void query.refetch()} />;
  }

  const reply = query.data;
  const source = reply.detail_info._source;
  const sourceUrl = source.source_url ? httpUrl(source.source_url) : null;
  // The summary above the buttons, unless the article below opens with the same words.
  const summary =
    source.description && !(source.content && articleOpensWith(source.content, source.description))
      ? source.description
      : null;

  return (
    <article className="detail headline-detail" aria-labelledby="headline-title">
      <title>{`${source.title} - ${HEADLINES_TEXT.detailsTitle} - 洞察门户`}</title>
      <div className="detail-card headline-detail__card">
        <div className="headline-detail__main">
          <h1 id="headline-title" className="detail__title">
            {source.title}
          </h1>
          <HeadlineMeta source={source} className="headline-detail__meta" />
          {summary && <p className="headline-detail__desc">{summary}</p>}
          <div className="detail-actions">
            <UsefulButton id={id} index={index} initial={reply.usefulness_status} />
            <FavoriteButton status={reply.favorite_status} onFavorite={onFavorite} />
          </div>
        </div>
        <div className="headline-detail__qr">
          <QrCode type="wxqrcode_headline_detail" id={id} index={index} />
        </div>
      </div>
      <section className="detail-card headline-content" aria-label={HEADLINES_TEXT.contentDialog}>
        {source.content ? (
          <SandboxedHtml
            className="headline-content__frame"
            html={source.content}
            title={HEADLINES_TEXT.contentFrame}
            fitContent
          />
        ) : (
          <p className="headline-content__empty">{HEADLINES_TEXT.noContent}</p>
        )}
        {sourceUrl && (
          <p className="headline-content__source">
            {source.source_name && `${HEADLINES_TEXT.source}：${source.source_name} `}
            <a href={sourceUrl} target="_blank" rel="noopener noreferrer">
              {HEADLINES_TEXT.viewSource}
            </a>
          </p>
        )}
      </section>
      {source.other_sources && <OtherSources others={source.other_sources} />}
      <LazyRecommendations id={id} index={index} />
    </article>
  );
}
