import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ORGAN_TEXT } from '../texts.ts';

/** 机构详情 (/organ/organDetail/:id). A placeholder until this capability is built. */
export function OrganDetailPage() {
  return <PagePlaceholder title={ORGAN_TEXT.detailTitle} />;
}
