import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ORGAN_TEXT } from '../texts.ts';

/** 机构产品 (/organ/organProduct/:product_id). A placeholder until this capability is built. */
export function OrganProductPage() {
  return <PagePlaceholder title={ORGAN_TEXT.productTitle} />;
}
