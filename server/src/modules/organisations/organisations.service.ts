import {
  CONTENT_INDEXES,
  MSG,
  type TAuthorizeReply,
  type TCompanyContentItem,
  type TCompanyListTab,
  type TNewHotSort,
  type TOrganCard,
  type TOrganDetail,
  type TOrganReport,
  type TPaged,
  type TProductDetail,
  type TRelatedContent,
  type TRelationDetail,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { ContentCatalogue } from '../content/content.service.ts';
import { searchDocId } from '../content/content-types.ts';
import {
  organCard,
  organDetail,
  productCard,
  productDetail,
  relatedContent,
  relationDetail,
} from './organ-mappers.ts';
import type { OrganisationsRepo, OrganRow, ProductRow } from './organisations.repo.ts';

export type OrganisationsDeps = {
  repo: OrganisationsRepo;
  content: ContentCatalogue;
  clock: Clock;
  claimEmail: string;
};
export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

type Paging = { page: number; page_size: number };

const offsetOf = (p: Paging) => (p.page - 1) * p.page_size;
const paged = <T>(data: T[], total: number, p: Paging): TPaged<T> => ({
  data,
  total_size: total,
  page: p.page,
  page_size: p.page_size,
});

/**
 * Organisation pages (spec §7 "Organisations"): the directory, an organisation, its content
 * tabs, products and their related content, and the user's authorization consent. Content
 * that requires authorization is withheld (video and body empty, `locked`) until the user
 * has consented for that organisation.
 */
export function createOrganisationsService({ repo, content, clock, claimEmail }: OrganisationsDeps) {
  async function organ(id: number): Promise<OrganRow> {
    const row = await repo.byId(id);
    if (!row) {
      throw AppError.notFound(MSG.organNotFound);
    }
    return row;
  }

  /** A product, checked against the organisation the link names (a mismatch is "not found"). */
  async function product(id: number, companyId?: number): Promise<ProductRow> {
    const row = await repo.productById(id);
    if (!row || (companyId !== undefined && row.organisation_id !== companyId)) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    return row;
  }

  const service = {
    organ,
    product,

    /** GET /api/company/list: one page, sorted 最新 or 最热, searched by name, filtered by industry. */
    async list(
      q: Paging & { psort: TNewHotSort; keyword: string; industry: string },
    ): Promise<TPaged<TOrganCard>> {
      const filter = { sort: q.psort, keyword: q.keyword, industry: q.industry };
      const [total, rows] = await Promise.all([
        repo.countOrganisations(filter),
        repo.page(offsetOf(q), q.page_size, filter),
      ]);
      const counts = await repo.counts(rows.map((r) => r.id));
      return paged(
        rows.map((r) => organCard(r, counts.get(r.id))),
        total,
        q,
      );
    },

    /** GET /api/company/industries */
    industries(): Promise<string[]> {
      return repo.industries();
    },

    /** GET /api/company/detail */
    async detail(id: number, user: AuthUser): Promise<TOrganDetail> {
      const row = await organ(id);
      const [counts, authorized] = await Promise.all([repo.counts([id]), repo.isAuthorized(user.id, id)]);
      return organDetail(row, counts.get(id), authorized, claimEmail);
    },

    /** GET /api/company/detail/list: one page of an organisation's tab. */
    async contentList<T extends TCompanyListTab>(
      q: Paging & { id: number; tn: T },
    ): Promise<TPaged<TCompanyContentItem<T>>> {
      await organ(q.id);
      if (q.tn === 'company_product') {
        const [total, rows] = await Promise.all([
          repo.countProducts(q.id),
          repo.products(q.id, offsetOf(q), q.page_size),
        ]);
        return paged(rows.map(productCard), total, q) as TPaged<TCompanyContentItem<T>>;
      }
      if (q.tn === 'company_product_es') {
        const by = { organisationId: q.id };
        const [total, rows] = await Promise.all([
          repo.countContents(by),
          repo.contents(by, offsetOf(q), q.page_size),
        ]);
        return paged(rows.map(relatedContent), total, q) as TPaged<TCompanyContentItem<T>>;
      }
      return (await service.reports(q.id, q)) as TPaged<TCompanyContentItem<T>>;
    },

    /** The organisation's reports, newest first, read through the content module. */
    async reports(organisationId: number, q: Paging): Promise<TPaged<TOrganReport>> {
      const all = (await content.organisationReports(organisationId)).sort(
        (a, b) => b.publishedAt - a.publishedAt || b.id - a.id,
      );
      const pageIds = all.slice(offsetOf(q), offsetOf(q) + q.page_size);
      const sources = await content.sources(pageIds.map((r) => ({ type: 'report' as const, id: r.id })));
      const data = pageIds.flatMap((r): TOrganReport[] => {
        const s = sources.get(searchDocId('report', r.id));
        return s
          ? [
              {
                detail_id: String(r.id),
                index: CONTENT_INDEXES.report,
                title: s.title,
                cover: s.cover,
                create_time: s.create_time,
              },
            ]
          : [];
      });
      return paged(data, all.length, q);
    },

    /** GET /api/company/product/detail */
    async productDetail(
      q: { product_id: number; company_id?: number | undefined },
      user: AuthUser,
    ): Promise<TProductDetail> {
      const row = await product(q.product_id, q.company_id);
      const [org, media, authorized] = await Promise.all([
        organ(row.organisation_id),
        repo.media(row.id),
        repo.isAuthorized(user.id, row.organisation_id),
      ]);
      return productDetail(row, org, media, authorized);
    },

    /** GET /api/company/product/content/list */
    async productContents(q: Paging & { product_id: number }): Promise<TPaged<TRelatedContent>> {
      await product(q.product_id);
      const by = { productId: q.product_id };
      const [total, rows] = await Promise.all([
        repo.countContents(by),
        repo.contents(by, offsetOf(q), q.page_size),
      ]);
      return paged(rows.map(relatedContent), total, q);
    },

    /** GET /api/company/product/content/detail */
    async contentDetail(id: number, user: AuthUser): Promise<TRelationDetail> {
      const row = await repo.contentById(id);
      if (!row) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const [org, prod, authorized] = await Promise.all([
        organ(row.organisation_id),
        product(row.product_id),
        repo.isAuthorized(user.id, row.organisation_id),
      ]);
      return relationDetail(row, org, prod, authorized);
    },

    /** POST /api/company/authorize (ours): the user consents for this organisation; idempotent. */
    async authorize(companyId: number, user: AuthUser): Promise<TAuthorizeReply> {
      await organ(companyId);
      await repo.authorize(user.id, companyId, clock.now().getTime());
      return { is_authorize: 1 };
    },

    isAuthorized: (userId: number, companyId: number) => repo.isAuthorized(userId, companyId),
    authorizeUser: (userId: number, companyId: number) =>
      repo.authorize(userId, companyId, clock.now().getTime()),
  };
  return service;
}
