import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { HEADLINES_TEXT } from '../texts.ts';

/** 商业头条列表 (/headlines). A placeholder until this capability is built. */
export function HeadlinesPage() {
  return <PagePlaceholder title={HEADLINES_TEXT.listTitle} />;
}
