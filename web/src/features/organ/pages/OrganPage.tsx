import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ORGAN_TEXT } from '../texts.ts';

/** 机构列表 (/organ). A placeholder until this capability is built. */
export function OrganPage() {
  return <PagePlaceholder title={ORGAN_TEXT.listTitle} />;
}
