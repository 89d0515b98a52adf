import { useQuery } from '@tanstack/react-query';
import type { TClassifierReply } from '@portal/contract';
import { QUICKBI_TOKEN_REFRESH_MS, detailApi, integrationsApi, viewerStatusQueryKey } from '@portal/contract';
import { call } from '../../api/client.ts';

export const analysisKeys = {
  all: ['analysis'] as const,
  tableau: () => [...analysisKeys.all, 'tableau'] as const,
  quickBi: () => [...analysisKeys.all, 'quickbi'] as const,
  sheets: (detailId: string, url: string) => [...analysisKeys.all, 'sheets', detailId, url] as const,
  word: (detailId: string, url: string) => [...analysisKeys.all, 'word', detailId, url] as const,
  status: viewerStatusQueryKey,
};

// Viewer calls render their refusal inside the viewer (a notice), so none of them toasts.

/** GET /api/insight_topic/viewer/status: is the topic's outside service connected here? */
export function useViewerStatus(detailId: string, enabled: boolean) {
  return useQuery({
    queryKey: analysisKeys.status(detailId),
    queryFn: ({ signal }) => call(detailApi.viewerStatus, { detail_id: detailId }, { signal, notify: false }),
    enabled,
    retry: false,
  });
}

/** GET /api/getTableau → a trusted ticket; each one is good for a single view, so never cached. */
export function useTableauTicket() {
  return useQuery({
    queryKey: analysisKeys.tableau(),
    queryFn: ({ signal }) => call(integrationsApi.tableau, undefined, { signal, notify: false }),
    retry: false,
    gcTime: 0,
  });
}

/** GET /api/insight_topic/quickBI/token, fetched again every 9 minutes (spec §9). */
export function useQuickBiToken() {
  return useQuery({
    queryKey: analysisKeys.quickBi(),
    queryFn: ({ signal }) => call(integrationsApi.quickBiToken, undefined, { signal, notify: false }),
    retry: false,
    refetchInterval: QUICKBI_TOKEN_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

/** The analysis's excel file (or one of its related files, by url) as sheets of text rows. */
export function useSheets(detailId: string, url = '') {
  return useQuery({
    queryKey: analysisKeys.sheets(detailId, url),
    queryFn: ({ signal }) =>
      call(detailApi.sheets, { detail_id: detailId, url: url || undefined }, { signal, notify: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The analysis's word file (or a related one) as HTML the server has sanitised. */
export function useWordHtml(detailId: string, url = '') {
  return useQuery({
    queryKey: analysisKeys.word(detailId, url),
    queryFn: ({ signal }) =>
      call(detailApi.wordHtml, { detail_id: detailId, url: url || undefined }, { signal, notify: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// Actions below are plain calls, not useMutation: TanStack's mutation classes in these chunks
// re-split the shared vendor chunk and cost every screen ~1.5 KiB.

/** POST /api/baidu/bml/image/classfication?detail_id= with the image as multipart field `image`. */
export function classifyImage(detailId: string, image: File): Promise<TClassifierReply> {
  const form = new FormData();
  form.append('image', image);
  return call(integrationsApi.classifyImage, form, { query: { detail_id: detailId }, notify: false });
}
