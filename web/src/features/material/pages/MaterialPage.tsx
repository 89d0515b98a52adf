import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { MATERIAL_TEXT } from '../texts.ts';

/** 素材列表 (/material). A placeholder until this capability is built. */
export function MaterialPage() {
  return <PagePlaceholder title={MATERIAL_TEXT.listTitle} />;
}
