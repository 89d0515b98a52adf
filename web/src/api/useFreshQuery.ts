import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/**
 * A query whose screen must start from the server's current reply, not a copy cached by an
 * earlier visit: a form seeds its draft from it, or another screen may have changed it since
 * (a search alert made on the search page, keywords saved in a dialog). It asks on every mount
 * and hands out no data until that reply is in, as a fetch in an effect did; the cache and the
 * key still serve updates and other screens.
 */
export function useFreshQuery<T>(options: UseQueryOptions<T, Error, T, QueryKey>) {
  const query = useQuery({ ...options, refetchOnMount: 'always' });
  return { ...query, data: query.isFetchedAfterMount ? query.data : undefined };
}
