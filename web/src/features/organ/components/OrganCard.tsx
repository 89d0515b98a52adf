import { useId } from 'react';
import { Link } from 'react-router';
import type { TOrganCard } from '@portal/contract';
import { organPaths } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';
import { OrganLogo } from '../../../components/OrganLogo.tsx';
import { Statistics } from './Statistics.tsx';

/** A directory card: logo, name (with the certified mark), statistics and 查看详情. */
export function OrganCard({ organ }: { organ: TOrganCard }) {
  const nameId = useId();
  return (
    <article className="organ-card" aria-labelledby={nameId}>
      <div className="organ-card__head">
        <OrganLogo src={organ.logo} name={organ.name} size={56} />
        <div className="organ-card__title">
          <h2 id={nameId} className="organ-card__name">
            {organ.name}
          </h2>
          {organ.is_certification === 1 && <span className="organ-badge">{ORGAN_TEXT.certified}</span>}
        </div>
      </div>
      <Statistics items={organ.statistics} label={`${organ.name}${ORGAN_TEXT.statistics}`} />
      <Link
        className="organ-card__more"
        to={organPaths.detail(organ.company_id)}
        aria-label={`${ORGAN_TEXT.viewDetails}：${organ.name}`}
      >
        {ORGAN_TEXT.viewDetails}
      </Link>
    </article>
  );
}
