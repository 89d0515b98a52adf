import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrganisationsTable, OrganisationProductsTable, ProductContentsTable } from '../../db/schema.ts';
import type { TAdminOrganImpact, ZAdminOrganListQuery } from '@portal/contract';
import type { z } from 'zod';

export type OrganFields = Omit<
  Insertable<OrganisationsTable>,
  'id' | 'created_at' | 'version' | 'updated_at'
>;
export type ProductFields = Pick<
  Insertable<OrganisationProductsTable>,
  'title' | 'cover_key' | 'content' | 'sort'
>;
export type MediaFields = { type: number; url: string; poster_key: string };
export type NewContent = Omit<Insertable<ProductContentsTable>, 'id'>;
type ListQuery = z.output<typeof ZAdminOrganListQuery>;

const n = (v: unknown) => Number(v ?? 0);

/** `%` and `_` typed by an admin are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The back-office's SQL over organisations, their products, media and related content. Reports,
 * enquiries and consents are only counted here (their modules own them); deleting an
 * organisation removes its rows in those tables by the foreign keys' cascade.
 */
export function createAdminOrganisationsRepo(db: Db) {
  const k = db.kysely;

  return {
    async list(q: ListQuery) {
      const base = k
        .selectFrom('organisations as o')
        .$if(q.keyword !== undefined && q.keyword !== '', (qb) =>
          qb.where(sql<boolean>`o.name like ${likePattern(q.keyword ?? '')} escape '\\'`),
        )
        .$if(q.certified !== undefined, (qb) => qb.where('o.is_certification', '=', q.certified ?? 0));
      const desc = q.sort.startsWith('-');
      const column = q.sort.replace(/^-/, '') as 'sort' | 'name' | 'updated_at' | 'created_at';
      const [rows, count] = await Promise.all([
        base
          .selectAll('o')
          .select((eb) =>
            eb
              .selectFrom('organisation_products as p')
              .select((e) => e.fn.countAll<number | string>().as('c'))
              .whereRef('p.organisation_id', '=', 'o.id')
              .as('products'),
          )
          .orderBy(`o.${column}`, desc ? 'desc' : 'asc')
          .orderBy('o.id', desc ? 'desc' : 'asc')
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('c')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: n(count.c) };
    },

    byId(id: number) {
      return k.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      const row = await k
        .selectFrom('organisations')
        .select('id')
        .where('name', '=', name)
        .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId ?? 0))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(fields: OrganFields, now: number): Promise<number> {
      const { id } = await k
        .insertInto('organisations')
        .values({ ...fields, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Writes `fields` if the row is still at `version`, adding one; false when someone wrote first. */
    async update(id: number, version: number, now: number, fields: OrganFields): Promise<boolean> {
      const result = await k
        .updateTable('organisations')
        .set({ ...fields, version: sql<number>`version + 1`, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** What a delete takes with it (or, for reports, unlinks). */
    async impact(id: number): Promise<TAdminOrganImpact> {
      const count = async (query: { executeTakeFirstOrThrow(): Promise<{ c: unknown }> }) =>
        n((await query.executeTakeFirstOrThrow()).c);
      const [products, media, contents, enquiries, authorizations, reports] = await Promise.all([
        count(
          k
            .selectFrom('organisation_products')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('organisation_id', '=', id),
        ),
        count(
          k
            .selectFrom('product_media as m')
            .innerJoin('organisation_products as p', 'p.id', 'm.product_id')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('p.organisation_id', '=', id),
        ),
        count(
          k
            .selectFrom('product_contents')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('organisation_id', '=', id),
        ),
        count(
          k
            .selectFrom('enquiries')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('organisation_id', '=', id),
        ),
        count(
          k
            .selectFrom('organisation_authorizations')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('organisation_id', '=', id),
        ),
        count(
          k
            .selectFrom('report_companies')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('organisation_id', '=', id),
        ),
      ]);
      return { products, media, contents, enquiries, authorizations, reports };
    },

    async remove(id: number): Promise<boolean> {
      const result = await k.deleteFrom('organisations').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** An organisation's products in page order, with their media and related-content counts. */
    products(organisationId: number) {
      return k
        .selectFrom('organisation_products as p')
        .selectAll('p')
        .select((eb) => [
          eb
            .selectFrom('product_media as m')
            .select((e) => e.fn.countAll<number | string>().as('c'))
            .whereRef('m.product_id', '=', 'p.id')
            .as('media_count'),
          eb
            .selectFrom('product_contents as c')
            .select((e) => e.fn.countAll<number | string>().as('c'))
            .whereRef('c.product_id', '=', 'p.id')
            .as('content_count'),
        ])
        .where('p.organisation_id', '=', organisationId)
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
    },

    productById(id: number) {
      return k.selectFrom('organisation_products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    media(productId: number) {
      return k
        .selectFrom('product_media')
        .selectAll()
        .where('product_id', '=', productId)
        .orderBy('sort')
        .execute();
    },

    /** Every related content row of a product (any report status), newest first. */
    contents(productId: number) {
      return k
        .selectFrom('product_contents as c')
        .leftJoin('reports as r', 'r.id', 'c.report_id')
        .select([
          'c.id',
          'c.type',
          'c.title',
          'c.report_id',
          'c.authorization_required',
          'c.published_at',
          'c.video_url',
          'c.cover_key',
          'r.title as report_title',
        ])
        .where('c.product_id', '=', productId)
        .orderBy('c.published_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
    },

    async insertProduct(
      organisationId: number,
      fields: ProductFields,
      media: readonly MediaFields[],
      now: number,
    ): Promise<number> {
      return k.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('organisation_products')
          .values({
            ...fields,
            organisation_id: organisationId,
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (media.length > 0) {
          await tx
            .insertInto('product_media')
            .values(media.map((m, i) => ({ ...m, product_id: id, sort: i })))
            .execute();
        }
        return id;
      });
    },

    /** Edits the product at `version` and replaces its media list, in one transaction. */
    async updateProduct(
      id: number,
      version: number,
      now: number,
      fields: ProductFields,
      media: readonly MediaFields[],
    ): Promise<boolean> {
      return k.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('organisation_products')
          .set({ ...fields, version: sql<number>`version + 1`, updated_at: now })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          return false;
        }
        await tx.deleteFrom('product_media').where('product_id', '=', id).execute();
        if (media.length > 0) {
          await tx
            .insertInto('product_media')
            .values(media.map((m, i) => ({ ...m, product_id: id, sort: i })))
            .execute();
        }
        return true;
      });
    },

    /** Removes the product; its media and related content go by cascade, enquiries keep their row. */
    async removeProduct(id: number): Promise<boolean> {
      const result = await k.deleteFrom('organisation_products').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async reportExists(id: number): Promise<boolean> {
      return (
        (await k.selectFrom('reports').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },

    async insertContent(row: NewContent): Promise<number> {
      const { id } = await k
        .insertInto('product_contents')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    contentById(id: number) {
      return k.selectFrom('product_contents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async removeContent(id: number): Promise<boolean> {
      const result = await k.deleteFrom('product_contents').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type AdminOrganisationsRepo = ReturnType<typeof createAdminOrganisationsRepo>;
