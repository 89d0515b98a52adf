import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { FAVORITES_TEXT } from '../texts.ts';

/** 收藏夹详情 (/collection/collection_details/:id, /self/collection_details/:id). A placeholder until this capability is built. */
export function CollectionDetailsPage() {
  return <PagePlaceholder title={FAVORITES_TEXT.detailsTitle} />;
}
