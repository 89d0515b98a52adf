import { useState } from 'react';
import type { TLengthRange } from '../../../entities/content/api.ts';
import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';
import { LIST_SORTS } from '../../../entities/content/sorts.ts';
import { MATERIAL_TEXT } from '../texts.ts';
import { MaterialLengthFilter } from './MaterialLengthFilter.tsx';

/**
 * The material content list of /material, with the length-range filter: the range is part of the feed's query key, so a new range starts again from page 1.
 */
export function MaterialFeed() {
  const [lengthRange, setLengthRange] = useState<TLengthRange>({});
  return (
    <>
      <MaterialLengthFilter onApply={setLengthRange} />
      <ContentFeed
        pageType="material"
        defaultTab="material"
        sorts={LIST_SORTS}
        lengthRange={lengthRange}
        label={MATERIAL_TEXT.listLabel}
      />
    </>
  );
}
