import { useSearchParams } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { SEARCH_TEXT } from '../texts.ts';

/** /searchpage/searchpage?search=…: results to come; shows what was searched for. */
export function SearchPage() {
  const [params] = useSearchParams();
  const text = params.get('search')?.trim() ?? '';
  return (
    <PagePlaceholder title={SEARCH_TEXT.title} description={text ? SEARCH_TEXT.query(text) : undefined} />
  );
}
