import { useQuery } from '@tanstack/react-query';
import { homeBannersQueryKey, siteApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { takeEarlyBanners } from './earlyBanners.ts';

export const homeKeys = {
  banners: homeBannersQueryKey,
};

/** The home carousel's slides; the first time, the request main.tsx started. */
export function useBanners() {
  return useQuery({
    queryKey: homeKeys.banners,
    queryFn: ({ signal }) => takeEarlyBanners() ?? call(siteApi.banners, undefined, { signal }),
  });
}

/** Records a click on a slide. A lost log line is not worth a toast. */
export function logBannerClick(bannerId: number): Promise<unknown> {
  return call(siteApi.bannerLog, { banner_id: bannerId }, { notify: false }).catch(() => undefined);
}
