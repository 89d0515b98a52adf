import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ORGAN_TEXT } from '../texts.ts';

/** 机构相关内容 (/organ/organRelation/:contentId). A placeholder until this capability is built. */
export function OrganRelationPage() {
  return <PagePlaceholder title={ORGAN_TEXT.relationTitle} />;
}
