import type { TNewHotSort } from '@portal/contract';
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  Database,
  OrganisationProductsTable,
  OrganisationsTable,
  ProductContentsTable,
  ProductMediaTable,
} from '../../db/schema.ts';
import { HOT_WEIGHTS } from '../../search/hot-score.ts';
import { PUBLISHED } from '../content/publish-status.ts';

export type OrganRow = Selectable<OrganisationsTable>;
export type ProductRow = Selectable<OrganisationProductsTable>;
export type ProductContentRow = Selectable<ProductContentsTable>;
export type ProductMediaRow = Selectable<ProductMediaTable>;
export type NewProduct = Insertable<OrganisationProductsTable>;
export type NewProductContent = Insertable<ProductContentsTable>;
export type NewProductMedia = Insertable<ProductMediaTable>;
export type OrganisationsRepo = ReturnType<typeof createOrganisationsRepo>;

/** Per-organisation counts behind the cards' statistics. */
export type OrganCounts = { reports: number; products: number; contents: number };

const countOf = (n: string | number | bigint) => Number(n);

/**
 * Organisation pages: organisations, products, their media and related content, and each
 * user's authorization consent. Report counts read `report_companies` (owned by content) —
 * read-only, one grouped query instead of a call per card.
 */
/**
 * A product's related content is shown unless it links a report that is not published (a
 * draft, or taken down in the back-office); video rows have no report.
 */
function linksPublished(eb: ExpressionBuilder<Database & { c: Database['product_contents'] }, 'c'>) {
  return eb.or([
    eb('c.report_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('reports as pr')
        .select('pr.id')
        .whereRef('pr.id', '=', 'c.report_id')
        .where('pr.status', '=', PUBLISHED),
    ),
  ]);
}

/** The directory's sort, name search and industry filter (empty text: no filter). */
export type OrganFilter = { sort: TNewHotSort; keyword: string; industry: string };
const NO_FILTER: OrganFilter = { sort: 'new', keyword: '', industry: '' };

/** `%` and `_` typed by a user are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createOrganisationsRepo(db: Db) {
  const k = db.kysely;

  /** Organisations matching the name search and the industry filter. */
  function filtered({ keyword, industry }: OrganFilter) {
    return k
      .selectFrom('organisations as o')
      .$if(keyword !== '', (qb) =>
        qb.where(sql<boolean>`lower(o.name) like lower(${likePattern(keyword)}) escape '\\'`),
      )
      .$if(industry !== '', (qb) =>
        qb.where((eb) =>
          eb.exists(
            eb
              .selectFrom('report_companies as rc')
              .innerJoin('reports as r', 'r.id', 'rc.report_id')
              .select('rc.report_id')
              .whereRef('rc.organisation_id', '=', 'o.id')
              .where('r.status', '=', PUBLISHED)
              .where('r.industry', '=', industry),
          ),
        ),
      );
  }

  return {
    async countOrganisations(filter: OrganFilter = NO_FILTER): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return countOf(row.n);
    },

    /**
     * One page of the directory. 最新: newest organisation first; 最热: the most engagement
     * with its published reports (views + 5·downloads + 8·favourites + 4·useful, the weights
     * of `hotScore`). Ties fall to the admin's order, then the id (stable paging).
     */
    page(offset: number, limit: number, filter: OrganFilter = NO_FILTER): Promise<OrganRow[]> {
      const base = filtered(filter).selectAll('o');
      const ordered =
        filter.sort === 'hot'
          ? base.orderBy(
              (eb) =>
                eb
                  .selectFrom('report_companies as rc')
                  .innerJoin('reports as r', 'r.id', 'rc.report_id')
                  .innerJoin('content_stats as s', (join) =>
                    join.onRef('s.content_id', '=', 'r.id').on('s.content_type', '=', 'report'),
                  )
                  .select(
                    sql<number>`coalesce(sum(s.views + ${HOT_WEIGHTS.downloads} * s.downloads + ${HOT_WEIGHTS.favorites} * s.favorites + ${HOT_WEIGHTS.useful} * s.useful), 0)`.as(
                      'e',
                    ),
                  )
                  .whereRef('rc.organisation_id', '=', 'o.id')
                  .where('r.status', '=', PUBLISHED),
              'desc',
            )
          : base.orderBy('o.created_at', 'desc');
      return ordered.orderBy('o.sort', 'asc').orderBy('o.id', 'asc').offset(offset).limit(limit).execute();
    },

    /** Industries of published reports that name a publisher, for the directory's filter. */
    async industries(): Promise<string[]> {
      const rows = await k
        .selectFrom('reports as r')
        .innerJoin('report_companies as rc', 'rc.report_id', 'r.id')
        .select('r.industry')
        .distinct()
        .where('r.status', '=', PUBLISHED)
        .where('r.industry', '<>', '')
        .orderBy('r.industry')
        .execute();
      return rows.map((r) => r.industry);
    },

    byId(id: number): Promise<OrganRow | undefined> {
      return k.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byName(name: string): Promise<OrganRow | undefined> {
      return k.selectFrom('organisations').selectAll().where('name', '=', name).executeTakeFirst();
    },

    async update(
      id: number,
      values: Partial<
        Pick<
          OrganRow,
          | 'logo_key'
          | 'introduction'
          | 'social_accounts'
          | 'contact_email'
          | 'sort'
          | 'is_certification'
          | 'official_website'
        >
      >,
    ): Promise<void> {
      await k.updateTable('organisations').set(values).where('id', '=', id).execute();
    },

    async counts(ids: readonly number[]): Promise<Map<number, OrganCounts>> {
      const out = new Map<number, OrganCounts>(
        ids.map((id) => [id, { reports: 0, products: 0, contents: 0 }]),
      );
      if (ids.length === 0) {
        return out;
      }
      const [reports, products, contents] = await Promise.all([
        k
          .selectFrom('report_companies as rc')
          .innerJoin('reports as r', 'r.id', 'rc.report_id')
          .select(['rc.organisation_id', (eb) => eb.fn.countAll().as('n')])
          .where('rc.organisation_id', 'in', ids)
          .where('r.status', '=', PUBLISHED)
          .groupBy('rc.organisation_id')
          .execute(),
        k
          .selectFrom('organisation_products')
          .select(['organisation_id', (eb) => eb.fn.countAll().as('n')])
          .where('organisation_id', 'in', ids)
          .groupBy('organisation_id')
          .execute(),
        k
          .selectFrom('product_contents as c')
          .select(['c.organisation_id', (eb) => eb.fn.countAll().as('n')])
          .where('c.organisation_id', 'in', ids)
          .where(linksPublished)
          .groupBy('c.organisation_id')
          .execute(),
      ]);
      for (const r of reports) {
        out.get(r.organisation_id)!.reports = countOf(r.n);
      }
      for (const r of products) {
        out.get(r.organisation_id)!.products = countOf(r.n);
      }
      for (const r of contents) {
        out.get(r.organisation_id)!.contents = countOf(r.n);
      }
      return out;
    },

    async insertProduct(
      row: NewProduct,
      media: readonly Omit<NewProductMedia, 'product_id'>[],
    ): Promise<number> {
      const { id } = await k
        .insertInto('organisation_products')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (media.length > 0) {
        await k
          .insertInto('product_media')
          .values(media.map((m) => ({ ...m, product_id: id })))
          .execute();
      }
      return id;
    },

    async insertContent(row: NewProductContent): Promise<number> {
      const { id } = await k
        .insertInto('product_contents')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    productById(id: number): Promise<ProductRow | undefined> {
      return k.selectFrom('organisation_products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    media(productId: number): Promise<ProductMediaRow[]> {
      return k
        .selectFrom('product_media')
        .selectAll()
        .where('product_id', '=', productId)
        .orderBy('sort')
        .execute();
    },

    async countProducts(organisationId: number): Promise<number> {
      const row = await k
        .selectFrom('organisation_products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow();
      return countOf(row.n);
    },

    products(organisationId: number, offset: number, limit: number): Promise<ProductRow[]> {
      return k
        .selectFrom('organisation_products')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('sort')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countContents(by: { productId?: number; organisationId?: number }): Promise<number> {
      const row = await k
        .selectFrom('product_contents as c')
        .select((eb) => eb.fn.countAll().as('n'))
        .$if(by.productId !== undefined, (q) => q.where('c.product_id', '=', by.productId!))
        .$if(by.organisationId !== undefined, (q) => q.where('c.organisation_id', '=', by.organisationId!))
        .where(linksPublished)
        .executeTakeFirstOrThrow();
      return countOf(row.n);
    },

    /** Newest first; the report's title and cover stand in for a type 1 row's own. */
    contents(by: { productId?: number; organisationId?: number }, offset: number, limit: number) {
      return k
        .selectFrom('product_contents as c')
        .leftJoin('reports as r', 'r.id', 'c.report_id')
        .select([
          'c.id',
          'c.product_id',
          'c.organisation_id',
          'c.type',
          'c.report_id',
          'c.title',
          'c.cover_key',
          'c.video_duration',
          'c.authorization_required',
          'c.published_at',
          'r.title as report_title',
          'r.cover_key as report_cover_key',
        ])
        .$if(by.productId !== undefined, (q) => q.where('c.product_id', '=', by.productId!))
        .$if(by.organisationId !== undefined, (q) => q.where('c.organisation_id', '=', by.organisationId!))
        .where(linksPublished)
        .orderBy('c.published_at', 'desc')
        .orderBy('c.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    contentById(id: number): Promise<ProductContentRow | undefined> {
      return k.selectFrom('product_contents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async isAuthorized(userId: number, organisationId: number): Promise<boolean> {
      const row = await k
        .selectFrom('organisation_authorizations')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Idempotent: consenting twice keeps the first time. */
    async authorize(userId: number, organisationId: number, now: number): Promise<void> {
      await k
        .insertInto('organisation_authorizations')
        .values({ user_id: userId, organisation_id: organisationId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'organisation_id']).doNothing())
        .execute();
    },
  };
}
