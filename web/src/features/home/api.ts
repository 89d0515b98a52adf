import { useQuery } from '@tanstack/react-query';
import type { TBanner } from '@portal/contract';
import { api } from '../../api/client.ts';
import { takeEarlyBanners } from './earlyBanners.ts';

export const homeKeys = {
  banners: ['home', 'banners'] as const,
};

/** The home carousel's slides (GET /api/banner/list); the first time, the request main.tsx started. */
export function useBanners() {
  return useQuery({
    queryKey: homeKeys.banners,
    queryFn: ({ signal }) =>
      takeEarlyBanners() ?? api.get<TBanner[]>('/api/banner/list', undefined, { signal }),
  });
}

/** Records a click on a slide (POST /api/banner/log). A lost log line is not worth a toast. */
export function logBannerClick(bannerId: number): Promise<unknown> {
  return api.post('/api/banner/log', { banner_id: bannerId }, { notify: false }).catch(() => undefined);
}
