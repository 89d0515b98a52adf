import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { MATERIAL_TEXT } from '../texts.ts';

/** 全部素材 (/all_material). A placeholder until this capability is built. */
export function AllMaterialPage() {
  return <PagePlaceholder title={MATERIAL_TEXT.allTitle} />;
}
