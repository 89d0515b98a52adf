import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SandboxedHtml } from '../../../components/SandboxedHtml.tsx';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { organKeys, useRelationDetail } from '../api.ts';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { ConsentDialog } from '../components/ConsentDialog.tsx';
import { OrganLogo } from '../../../components/OrganLogo.tsx';
import { formatDuration, needsConsent, organPaths } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import '../components/Organ.css';

/** 机构相关内容 (/organ/organRelation/:contentId?product_id&company_id&authorization_required). */
export function OrganRelationPage() {
  const { contentId = '' } = useParams();
  const [search] = useSearchParams();
  const query = useRelationDetail(contentId);
  const [declined, setDeclined] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    return <DetailStatus kind={detailFailure(query.error)} onRetry={() => void query.refetch()} />;
  }
  const item = query.data;
  const asking = needsConsent(item, item.is_authorize) && !declined;
  // The product crumb keeps the authorization flag of the link that led here (spec §4 redirect).
  const productPath = organPaths.product(
    item.product_id,
    item.company_id,
    Number(search.get('authorization_required') ?? item.authorization_required),
  );

  return (
    <article className="detail organ-relation" aria-labelledby="relation-title">
      <title>{`${item.title} - ${item.company_name} - 洞察门户`}</title>
      <Breadcrumb
        items={[
          { label: ORGAN_TEXT.organisations, to: organPaths.list() },
          { label: item.company_name, to: organPaths.detail(item.company_id) },
          { label: item.product_title, to: productPath },
          { label: item.title },
        ]}
      />
      <div className="detail-card">
        <div className="organ-relation__media">
          {item.locked ? (
            <div
              className="organ-relation__locked"
              style={item.cover ? { backgroundImage: `url("${item.cover}")` } : undefined}
            >
              <p>{ORGAN_TEXT.locked}</p>
              <button
                type="button"
                className="detail-btn detail-btn--primary"
                onClick={() => setDeclined(false)}
              >
                {ORGAN_TEXT.consentAgree}
              </button>
            </div>
          ) : item.material_url ? (
            <video controls preload="metadata" poster={item.cover || undefined} src={item.material_url}>
              <track kind="captions" />
            </video>
          ) : (
            <figure className="organ-relation__poster">
              {item.cover && <img src={item.cover} alt={item.title} />}
              <figcaption>{ORGAN_TEXT.noVideo}</figcaption>
            </figure>
          )}
        </div>
        <p className="organ-product__company">
          <OrganLogo src={item.company_logo} name={item.company_name} size={28} />
          <span>{item.company_name}</span>
        </p>
        <h1 id="relation-title" className="detail__title">
          {item.title}
        </h1>
        <dl className="detail-meta">
          <dt>{ORGAN_TEXT.publishTime}</dt>
          <dd>{item.create_time}</dd>
          <dt>{ORGAN_TEXT.duration}</dt>
          <dd>{formatDuration(item.video_duration)}</dd>
        </dl>
        {!item.locked && <SandboxedHtml className="organ-richtext" html={item.content} title={item.title} />}
      </div>
      <ConsentDialog
        open={asking}
        companyId={item.company_id}
        organName={item.company_name}
        onCancel={() => setDeclined(true)}
        onAuthorized={() => void queryClient.invalidateQueries({ queryKey: organKeys.all })}
      />
      {declined && item.locked && (
        <p className="organ-status">
          <button type="button" className="detail-btn" onClick={() => void navigate(-1)}>
            {ORGAN_TEXT.back}
          </button>
        </p>
      )}
    </article>
  );
}
