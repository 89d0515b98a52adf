import { useState } from 'react';
import { useParams } from 'react-router';
import { ContactType } from '@portal/contract';
import { DetailStatus } from '../../../entities/detail/components/DetailStatus.tsx';
import { detailFailure } from '../../../entities/detail/detailError.ts';
import { useOrganDetail } from '../api.ts';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { ClaimDialog } from '../components/ClaimDialog.tsx';
import { LazyContactDialog } from '../components/LazyContactDialog.tsx';
import { OrganLogo } from '../../../components/OrganLogo.tsx';
import { OrganTabs } from '../components/OrganTabs.tsx';
import { SocialDialog } from '../components/SocialDialog.tsx';
import { Statistics } from '../components/Statistics.tsx';
import { organPaths } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import '../components/Organ.css';

type TOpenDialog = 'social' | 'claim' | 'contact' | null;

/** 机构详情 (/organ/organDetail/:id): the organisation, how to reach or claim it, and its content. */
export function OrganDetailPage() {
  const { id = '' } = useParams();
  const query = useOrganDetail(id);
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const close = () => setDialog(null);

  if (query.isPending) {
    return <DetailStatus kind="loading" />;
  }
  if (query.isError) {
    return <DetailStatus kind={detailFailure(query.error)} onRetry={() => void query.refetch()} />;
  }
  const organ = query.data;
  const certified = organ.is_certification === 1;

  return (
    <article className="detail organ-detail" aria-labelledby="organ-name">
      <title>{`${organ.name} - ${ORGAN_TEXT.detailTitle} - 洞察门户`}</title>
      <Breadcrumb
        items={[{ label: ORGAN_TEXT.organisations, to: organPaths.list() }, { label: organ.name }]}
      />
      <header className="detail-card organ-head">
        <OrganLogo src={organ.logo} name={organ.name} size={88} />
        <div className="organ-head__main">
          <div className="organ-head__title">
            <h1 id="organ-name" className="detail__title">
              {organ.name}
            </h1>
            <span className={certified ? 'organ-badge' : 'organ-badge organ-badge--muted'}>
              {certified ? ORGAN_TEXT.certified : ORGAN_TEXT.uncertified}
            </span>
          </div>
          <Statistics items={organ.statistics} label={`${organ.name}${ORGAN_TEXT.statistics}`} />
          <div className="detail-actions">
            {organ.official_website && (
              <a
                className="detail-btn"
                href={organ.official_website}
                target="_blank"
                rel="noopener noreferrer"
              >
                {ORGAN_TEXT.officialSite}
              </a>
            )}
            <button type="button" className="detail-btn" onClick={() => setDialog('social')}>
              {ORGAN_TEXT.socialAccounts}
            </button>
            {certified ? (
              <button
                type="button"
                className="detail-btn detail-btn--primary"
                onClick={() => setDialog('contact')}
              >
                {ORGAN_TEXT.contactUs}
              </button>
            ) : (
              <button
                type="button"
                className="detail-btn detail-btn--primary"
                onClick={() => setDialog('claim')}
              >
                {ORGAN_TEXT.claim}
              </button>
            )}
          </div>
        </div>
      </header>
      <OrganTabs organ={organ} />
      <SocialDialog open={dialog === 'social'} onClose={close} accounts={organ.social_accounts} />
      <ClaimDialog
        open={dialog === 'claim'}
        onClose={close}
        companyId={id}
        organName={organ.name}
        email={organ.claim_email}
      />
      <LazyContactDialog
        open={dialog === 'contact'}
        onClose={close}
        onSubmitted={close}
        type={ContactType.contact}
        companyId={organ.company_id}
        organName={organ.name}
      />
    </article>
  );
}
