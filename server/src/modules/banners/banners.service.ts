import type { TBanner } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { fileUrl } from '../content/content-types.ts';
import type { BannerRow, BannersRepo } from './banners.repo.ts';

export type BannersService = ReturnType<typeof createBannersService>;

export function toBanner(row: BannerRow): TBanner {
  return { id: row.id, title: row.title, image_url: fileUrl(row.image_key), redirect_url: row.redirect_url };
}

/**
 * The home carousel: enabled banners within their schedule, in order, read from the database on
 * every request (no cache), so a back-office change shows from the next request on; clicks are
 * counted per banner for the admin.
 */
export function createBannersService(repo: BannersRepo, clock: Clock) {
  return {
    async list(): Promise<TBanner[]> {
      return (await repo.listEnabled(clock.now().getTime())).map(toBanner);
    },

    async logClick(bannerId: number, userId: number): Promise<void> {
      if (!(await repo.exists(bannerId))) {
        throw AppError.notFound();
      }
      await repo.logClick(bannerId, userId, clock.now().getTime());
    },
  };
}
