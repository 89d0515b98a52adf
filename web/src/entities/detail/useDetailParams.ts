import { useParams, useSearchParams } from 'react-router';

/**
 * The item a detail route points at: `:id` (or `?id`) and `?index`, which defaults to the
 * page's own content type when a link leaves it out (old share links did).
 */
export function useDetailParams(defaultIndex: string): { id: string; index: string } {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id') ?? '';
  const index = search.get('index')?.trim() || defaultIndex;
  return { id, index };
}
