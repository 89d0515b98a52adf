import type { TAdminContentListQuery, TAdminContentType, TPublishStatus } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ZAdminContentListQuery } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { CONTENT_TABLE, INDEX_TYPE } from './admin-types.ts';

/** What every content table shares: the back-office's row of any type. */
export type ContentState = {
  id: number;
  title: string;
  status: TPublishStatus;
  version: number;
  published_at: number;
  updated_at: number;
  created_at: number;
};

export type StateChange = {
  status?: TPublishStatus;
  published_at?: number;
  created_at?: number;
};

type ListQuery = z.output<typeof ZAdminContentListQuery>;
export type ReportCompanyRow = { organisation_id: number; name: string; status: number };
export type { TAdminContentListQuery };

const SORT_COLUMN = {
  published_at: 't.published_at',
  updated_at: 't.updated_at',
  views: 'views',
  favorites: 'favorites',
} as const;

/** `%` and `_` typed by an admin are searched for, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SQL over the four content tables by back-office type. Kysely needs one literal table name for
 * its types: the casts name `reports`, and only columns every content table has are used.
 */
export function createAdminContentRepo(db: Db) {
  const k = db.kysely;
  const table = (type: TAdminContentType) => CONTENT_TABLE[type] as 'reports';
  const num = (row: Record<string, unknown>): ContentState =>
    ({
      ...row,
      version: Number(row.version),
      published_at: Number(row.published_at),
      updated_at: Number(row.updated_at),
      created_at: Number(row.created_at),
    }) as ContentState;

  return {
    async state(type: TAdminContentType, id: number): Promise<ContentState | null> {
      const row = await k
        .selectFrom(table(type))
        .select(['id', 'title', 'status', 'version', 'published_at', 'updated_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? num(row) : null;
    },

    /** The whole row (the editor's fields). */
    async row(type: TAdminContentType, id: number): Promise<Record<string, unknown> | null> {
      const row = await k.selectFrom(table(type)).selectAll().where('id', '=', id).executeTakeFirst();
      return (row as Record<string, unknown> | undefined) ?? null;
    },

    /**
     * Applies `change` and `fields` if the row is still at `version`, adding one to it. False
     * when someone else wrote first (or the row is gone): nothing changed.
     */
    async update(
      type: TAdminContentType,
      id: number,
      version: number,
      now: number,
      change: StateChange & Record<string, unknown>,
    ): Promise<boolean> {
      const result = await k
        .updateTable(table(type))
        .set({ ...change, version: sql<number>`version + 1`, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A report's companies in order, the publisher first (as the user's pages read them). */
    async reportCompanies(reportId: number): Promise<ReportCompanyRow[]> {
      const rows = await k
        .selectFrom('report_companies as rc')
        .innerJoin('organisations as o', 'o.id', 'rc.organisation_id')
        .select(['rc.organisation_id', 'o.name', 'rc.status'])
        .where('rc.report_id', '=', reportId)
        .orderBy('rc.position')
        .orderBy('rc.organisation_id')
        .execute();
      return rows.map((r) => ({
        organisation_id: Number(r.organisation_id),
        name: r.name,
        status: Number(r.status),
      }));
    },

    /** How many of `ids` name an existing organisation. */
    async organisationsFound(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) {
        return 0;
      }
      const row = await k
        .selectFrom('organisations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id', 'in', [...ids])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Edits a report at `version` and, when `companies` is given, replaces its companies in that
     * order, in one transaction. False when someone wrote first: nothing changed.
     */
    async updateReport(
      id: number,
      version: number,
      now: number,
      fields: Record<string, unknown>,
      companies: readonly { organisation_id: number; status: number }[] | undefined,
    ): Promise<boolean> {
      return k.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('reports')
          .set({ ...fields, version: sql<number>`version + 1`, updated_at: now })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          return false;
        }
        if (companies !== undefined) {
          await tx.deleteFrom('report_companies').where('report_id', '=', id).execute();
          if (companies.length > 0) {
            await tx
              .insertInto('report_companies')
              .values(
                companies.map((c, position) => ({
                  report_id: id,
                  organisation_id: c.organisation_id,
                  status: c.status,
                  position,
                })),
              )
              .execute();
          }
        }
        return true;
      });
    },

    async list(type: TAdminContentType, q: ListQuery) {
      const base = k
        .selectFrom(`${table(type)} as t` as 'reports as t')
        .leftJoin('content_stats as s', (join) =>
          join.onRef('s.content_id', '=', 't.id').on('s.content_type', '=', INDEX_TYPE[type]),
        )
        .$if(q.keyword !== undefined && q.keyword !== '', (qb) =>
          qb.where(sql<boolean>`t.title like ${likePattern(q.keyword ?? '')} escape '\\'`),
        )
        .$if(q.status !== undefined, (qb) => qb.where('t.status', '=', q.status ?? ''));
      const desc = q.sort.startsWith('-');
      const column = SORT_COLUMN[q.sort.replace(/^-/, '') as keyof typeof SORT_COLUMN];
      const [rows, count] = await Promise.all([
        base
          .select([
            't.id',
            't.title',
            't.status',
            't.version',
            't.published_at',
            't.updated_at',
            sql<number>`coalesce(s.views, 0)`.as('views'),
            sql<number>`coalesce(s.downloads, 0)`.as('downloads'),
            sql<number>`coalesce(s.favorites, 0)`.as('favorites'),
          ])
          .orderBy(sql.ref(column), desc ? 'desc' : 'asc')
          .orderBy('t.id', desc ? 'desc' : 'asc')
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          title: r.title,
          status: r.status as TPublishStatus,
          version: Number(r.version),
          published_at: Number(r.published_at),
          updated_at: Number(r.updated_at),
          views: Number(r.views),
          downloads: Number(r.downloads),
          favorites: Number(r.favorites),
        })),
        total: Number(count.n),
      };
    },

    async counts(type: TAdminContentType, id: number) {
      const row = await k
        .selectFrom('content_stats')
        .select(['views', 'downloads', 'favorites'])
        .where('content_type', '=', INDEX_TYPE[type])
        .where('content_id', '=', id)
        .executeTakeFirst();
      return {
        views: Number(row?.views ?? 0),
        downloads: Number(row?.downloads ?? 0),
        favorites: Number(row?.favorites ?? 0),
      };
    },

    /** Folder entries (every user's) and notes pointing at the item. */
    async impact(type: TAdminContentType, id: number): Promise<{ favorites: number; notes: number }> {
      const where = { content_type: INDEX_TYPE[type], content_id: id };
      const [favorites, notes] = await Promise.all([
        k
          .selectFrom('favorite_items')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('content_type', '=', where.content_type)
          .where('content_id', '=', where.content_id)
          .executeTakeFirstOrThrow(),
        k
          .selectFrom('notes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('content_type', '=', where.content_type)
          .where('content_id', '=', where.content_id)
          .executeTakeFirstOrThrow(),
      ]);
      return { favorites: Number(favorites.n), notes: Number(notes.n) };
    },

    /**
     * Deletes the item with its folder entries, notes, useful marks and counters in one
     * transaction (pages, companies, grants and shortcuts go by cascade); the admin was told
     * how many folder entries and notes go with it (`impact`). False when the row was already gone.
     */
    async remove(type: TAdminContentType, id: number): Promise<boolean> {
      const indexType = INDEX_TYPE[type];
      return k.transaction().execute(async (tx) => {
        for (const t of ['favorite_items', 'notes', 'usefulness_marks', 'content_stats'] as const) {
          await tx.deleteFrom(t).where('content_type', '=', indexType).where('content_id', '=', id).execute();
        }
        const result = await tx.deleteFrom(table(type)).where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      });
    },
  };
}

export type AdminContentRepo = ReturnType<typeof createAdminContentRepo>;
