import { useQuery } from '@tanstack/react-query';
import type { TDetailReply, TDetailRequest, TEndpoint, TReplyOf, TSearchHit } from '@portal/contract';
import {
  ADMIN_TYPE_OF_INDEX,
  adminContentApi,
  detailApi,
  detailQueryKey,
  recommendPageSize,
} from '@portal/contract';
import { call, type TCallInput } from '../../api/client.ts';
import { gridPageSize } from '../../components/gridPageSize.ts';
import { usePreview } from './usePreview.ts';

export const detailKeys = {
  all: ['detail'] as const,
  /** The key the server's first data of a detail page comes under (contract first-data.ts). */
  item: (id: string, index: string) => detailQueryKey(id, index),
  recommend: (id: string, index: string, keyword: string, pageSize: number) =>
    [...detailKeys.all, 'recommend', index, id, keyword, pageSize] as const,
};

/** POST /api/detail as the page reads it: `detailApi.detail`, or the entry of its kind of item. */
type TDetailEndpoint = TEndpoint<TDetailRequest, TDetailReply, 'POST', typeof detailApi.detail.path>;

/**
 * POST /api/detail. Failures are not toasted here: the page shows them as a state
 * (暂无查看权限, not found, load error) and decides whether a toast is due as well. An admin's
 * `?preview=1` reads the back-office preview instead: the same reply for drafts and unpublished
 * items, and no view counted.
 */
export function useDetail<E extends TDetailEndpoint>(endpoint: E, id: string, index: string) {
  const adminType = usePreview() ? ADMIN_TYPE_OF_INDEX[index] : undefined;
  return useQuery({
    queryKey: adminType ? [...detailKeys.item(id, index), 'preview'] : detailKeys.item(id, index),
    queryFn: ({ signal }) =>
      adminType
        ? // The preview answers the detail reply of the item's kind (TAdminPreviewReply<S>), the kind
          // E names; TypeScript cannot carry that from a type parameter to the preview's entry.
          (call(adminContentApi.preview, undefined, {
            params: { type: adminType, id },
            signal,
            notify: false,
          }) as Promise<TReplyOf<E>>)
        : // TypeScript does not resolve TCallInput of a type parameter; every E takes TDetailRequest.
          call(endpoint, { detail_id: id, index } as TCallInput<E>, { signal, notify: false }),
    retry: false,
  });
}

/**
 * POST /api/recommend: a third of the list page size at this width (one grid row), related to
 * the title. Groups come back per content type; the page shows them as one row of cards.
 */
export function useRecommendations(id: string, index: string, keyword: string, enabled: boolean) {
  const pageSize = recommendPageSize(gridPageSize());
  return useQuery({
    queryKey: detailKeys.recommend(id, index, keyword, pageSize),
    queryFn: ({ signal }) =>
      call(
        detailApi.recommend,
        { keyword, page_size: pageSize, detail_id: id, index },
        { signal, notify: false },
      ),
    select: (groups): TSearchHit[] => groups.flatMap((group) => group.list).slice(0, pageSize),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * POST /api/user/usefulness: mark (1) or unmark (0) an item as useful. A plain call rather than
 * useMutation: TanStack's mutation classes in detail chunks re-split the shared vendor chunk and
 * cost every screen ~1.5 KiB.
 */
export async function setUsefulness(id: string, index: string, status: 0 | 1): Promise<void> {
  await call(detailApi.usefulness, { data_id: id, data_type: index, status });
}
