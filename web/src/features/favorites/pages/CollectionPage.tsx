import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { FAVORITES_TEXT } from '../texts.ts';

/** 我的收藏 (/collection). A placeholder until this capability is built. */
export function CollectionPage() {
  return <PagePlaceholder title={FAVORITES_TEXT.listTitle} />;
}
