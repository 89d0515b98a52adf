import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { MATERIAL_TEXT } from '../texts.ts';

/** 素材详情 (/material/material_details/:id). A placeholder until this capability is built. */
export function MaterialDetailsPage() {
  return <PagePlaceholder title={MATERIAL_TEXT.detailsTitle} />;
}
