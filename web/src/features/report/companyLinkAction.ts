import type { TCompanyRef } from '@portal/contract';

/** A company status of 0 means the organisation has joined the portal. */
const JOINED = 0;

export type TCompanyLinkAction = 'open' | 'noPermission' | 'notJoined';

/**
 * What clicking a report's company does (spec §2 "Report detail"): a joined company (status 0)
 * opens its organisation page when the user has the organisation menu (organ_detail_menu 1),
 * else the no-permission page; any other status → 此机构暂未入驻.
 */
export function companyLinkAction(
  company: Pick<TCompanyRef, 'status'>,
  organDetailMenu: number,
): TCompanyLinkAction {
  if (company.status !== JOINED) {
    return 'notJoined';
  }
  return organDetailMenu === 1 ? 'open' : 'noPermission';
}
