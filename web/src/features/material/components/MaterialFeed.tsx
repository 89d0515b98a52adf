import { ContentFeed } from '../../search/components/ContentFeed.tsx';
import { LIST_SORTS } from '../../search/sorts.ts';
import { MATERIAL_TEXT } from '../texts.ts';

/** The material content list shared by /material and /all_material. */
export function MaterialFeed() {
  return (
    <ContentFeed
      pageType="material"
      defaultTab="material"
      sorts={LIST_SORTS}
      label={MATERIAL_TEXT.listLabel}
    />
  );
}
