import {
  MSG,
  ResultCode,
  type TAdminBanner,
  type TAdminBannerList,
  type TAdminBannerRemoved,
  type ZAdminBannerCreate,
  type ZAdminBannerUpdate,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { checkFileKey } from '../admin-organisations/public-upload.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { fileUrl } from '../content/content-types.ts';
import type { AdminBannerRow, AdminBannersRepo, BannerFields } from './admin-banners.repo.ts';

export type Actor = { id: number };
export type AdminBannersService = ReturnType<typeof createAdminBannersService>;

/** The fields an edit compares for the audit log. */
const AUDITED = ['title', 'image_key', 'redirect_url', 'sort', 'enabled', 'starts_at', 'ends_at'] as const;

function pick(row: Partial<BannerFields>): Record<string, unknown> {
  return Object.fromEntries(AUDITED.filter((key) => key in row).map((key) => [key, row[key]]));
}

/** The changed fields only, before → after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Shown on the home page now: enabled and inside its schedule (the same test as the carousel's read). */
export function isLive(row: Pick<AdminBannerRow, 'enabled' | 'starts_at' | 'ends_at'>, now: number): boolean {
  return (
    row.enabled === 1 &&
    (row.starts_at === null || row.starts_at <= now) &&
    (row.ends_at === null || row.ends_at > now)
  );
}

/**
 * The back-office banners: every write checks the image key (an upload of this section, or the
 * one the banner already has), applies the change only at the version the editor loaded
 * (409 otherwise), and records it in the audit log. The home carousel reads the table on every
 * request, so a change shows from the next one on.
 */
export function createAdminBannersService(deps: {
  repo: AdminBannersRepo;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
}) {
  const { repo, storage, audit, clock } = deps;
  const now = () => clock.now().getTime();
  const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);

  const toBanner = (row: AdminBannerRow): TAdminBanner => ({
    id: row.id,
    title: row.title,
    image_key: row.image_key,
    image_url: fileUrl(row.image_key),
    redirect_url: row.redirect_url,
    sort: row.sort,
    enabled: row.enabled,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    live: isLive(row, now()),
    clicks: row.clicks,
    version: row.version,
    created_at: row.created_at,
    // Seeded banners have no update time yet: their creation stands in.
    updated_at: row.updated_at || row.created_at,
  });

  async function existing(id: number): Promise<AdminBannerRow> {
    const row = await repo.byId(id);
    if (!row) {
      throw AppError.notFound(MSG.adminBannerNotFound);
    }
    return row;
  }

  async function list(): Promise<TAdminBannerList> {
    const rows = await repo.list();
    return { data: rows.map(toBanner), total: rows.length };
  }

  async function setEnabled(actor: Actor, id: number, enabled: 0 | 1): Promise<TAdminBanner> {
    const row = await existing(id);
    if (row.enabled === enabled) {
      return toBanner(row);
    }
    if (!(await repo.update(id, null, now(), { enabled }))) {
      throw AppError.notFound(MSG.adminBannerNotFound);
    }
    await audit.record({
      actorId: actor.id,
      action: enabled === 1 ? 'banner.enable' : 'banner.disable',
      targetType: 'banner',
      targetId: id,
      before: { enabled: row.enabled },
      after: { enabled },
    });
    return toBanner(await existing(id));
  }

  return {
    list,

    async create(actor: Actor, body: z.output<typeof ZAdminBannerCreate>): Promise<number> {
      await checkFileKey(storage, 'banners', body.image_key, new Set());
      const id = await repo.insert(body, now());
      await audit.record({
        actorId: actor.id,
        action: 'banner.create',
        targetType: 'banner',
        targetId: id,
        after: pick(body),
      });
      return id;
    },

    async update(actor: Actor, id: number, body: z.output<typeof ZAdminBannerUpdate>): Promise<TAdminBanner> {
      const row = await existing(id);
      const { version, ...fields } = body;
      if (row.version !== version) {
        throw conflict();
      }
      await checkFileKey(storage, 'banners', fields.image_key, new Set([row.image_key]));
      if (!(await repo.update(id, version, now(), fields))) {
        throw conflict();
      }
      await audit.record({
        actorId: actor.id,
        action: 'banner.update',
        targetType: 'banner',
        targetId: id,
        ...changed(pick(row), pick(fields)),
      });
      return toBanner(await existing(id));
    },

    enable: (actor: Actor, id: number) => setEnabled(actor, id, 1),
    disable: (actor: Actor, id: number) => setEnabled(actor, id, 0),

    /** The new carousel order: every banner exactly once (a stale list is refused, nothing moves). */
    async reorder(actor: Actor, ids: readonly number[]): Promise<TAdminBannerList> {
      const rows = await repo.list();
      const known = new Set(rows.map((r) => r.id));
      if (
        ids.length !== rows.length ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !known.has(id))
      ) {
        throw AppError.badRequest(MSG.adminBannerOrderInvalid);
      }
      await repo.reorder(ids, now());
      await audit.record({
        actorId: actor.id,
        action: 'banner.reorder',
        targetType: 'banner',
        targetId: ids[0] ?? 0,
        before: { order: rows.map((r) => r.id) },
        after: { order: ids },
      });
      return list();
    },

    /** Deletes the banner with its click records; the image file stays (write-once, maybe in an audit entry). */
    async remove(actor: Actor, id: number): Promise<TAdminBannerRemoved> {
      const row = await existing(id);
      if (!(await repo.remove(id))) {
        throw AppError.notFound(MSG.adminBannerNotFound);
      }
      await audit.record({
        actorId: actor.id,
        action: 'banner.delete',
        targetType: 'banner',
        targetId: id,
        before: { ...pick(row), clicks: row.clicks },
      });
      return { clicks: row.clicks };
    },
  };
}
