import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { HEADLINES_TEXT } from '../texts.ts';

/** 头条详情 (/headlines/headlines_details/:id). A placeholder until this capability is built. */
export function HeadlinesDetailsPage() {
  return <PagePlaceholder title={HEADLINES_TEXT.detailsTitle} />;
}
