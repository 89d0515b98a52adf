import { useNavigate } from 'react-router';
import type { TCompanyRef } from '@portal/contract';
import { MSG } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { companyLinkAction } from '../companyLinkAction.ts';

/** Where the no-permission page lives: the tips page with the spec's text. */
export const NO_PERMISSION_PATH = `/self/collect_404?tips=${encodeURIComponent(MSG.noPermission)}`;

type TCompanyLinksProps = { companies: readonly TCompanyRef[]; organDetailMenu: number };

/** The report's publishing companies; each click follows companyLinkAction. */
export function CompanyLinks({ companies, organDetailMenu }: TCompanyLinksProps) {
  const navigate = useNavigate();
  const open = (company: TCompanyRef) => {
    const action = companyLinkAction(company, organDetailMenu);
    if (action === 'open') {
      window.open(`/organ/organDetail/${encodeURIComponent(company.company_id)}`, '_blank', 'noopener');
    } else if (action === 'noPermission') {
      void navigate(NO_PERMISSION_PATH);
    } else {
      notify.warning(MSG.organNotJoined);
    }
  };
  return (
    <span className="report-companies">
      {companies.map((company) => (
        <button
          key={company.company_id}
          type="button"
          className="report-company"
          onClick={() => open(company)}
        >
          {company.name}
        </button>
      ))}
    </span>
  );
}
