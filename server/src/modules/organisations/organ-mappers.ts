import { shanghaiDateTime } from '@portal/contract';
import type {
  TOrganCard,
  TOrganDetail,
  TProductCard,
  TProductDetail,
  TRelatedContent,
  TRelationDetail,
  TSocialAccount,
  TStatistic,
} from '@portal/contract';
import { fileUrl } from '../content/content-types.ts';
import type {
  OrganCounts,
  OrganRow,
  ProductContentRow,
  ProductMediaRow,
  ProductRow,
} from './organisations.repo.ts';

/** The cards' statistics, in the order the page shows them. */
export function statisticsOf(counts: OrganCounts | undefined): TStatistic[] {
  return [
    { name: '报告', count: counts?.reports ?? 0 },
    { name: '产品', count: counts?.products ?? 0 },
    { name: '内容', count: counts?.contents ?? 0 },
  ];
}

/** Stored JSON that someone edited by hand must not break the page: bad entries are dropped. */
export function parseSocialAccounts(json: string): TSocialAccount[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) {
      return [];
    }
    return value.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) {
        return [];
      }
      const { name, url } = item as Record<string, unknown>;
      return typeof name === 'string' && typeof url === 'string' && /^https?:\/\//.test(url)
        ? [{ name, url }]
        : [];
    });
  } catch {
    return [];
  }
}

export function organCard(row: OrganRow, counts: OrganCounts | undefined): TOrganCard {
  return {
    company_id: String(row.id),
    name: row.name,
    logo: fileUrl(row.logo_key),
    is_certification: row.is_certification,
    statistics: statisticsOf(counts),
  };
}

export function organDetail(
  row: OrganRow,
  counts: OrganCounts | undefined,
  authorized: boolean,
  claimEmail: string,
): TOrganDetail {
  return {
    ...organCard(row, counts),
    company_name: row.name,
    status: row.status,
    official_website: /^https?:\/\//.test(row.official_website) ? row.official_website : '',
    social_accounts: parseSocialAccounts(row.social_accounts),
    introduction: row.introduction,
    is_authorize: authorized ? 1 : 0,
    claim_email: claimEmail,
  };
}

export function productCard(row: ProductRow): TProductCard {
  return {
    product_id: String(row.id),
    company_id: String(row.organisation_id),
    title: row.title,
    cover: fileUrl(row.cover_key),
    create_time: shanghaiDateTime(row.published_at),
  };
}

/** A media URL is a storage key of ours or an absolute http(s) URL. */
export function mediaUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : fileUrl(url);
}

export function productDetail(
  row: ProductRow,
  organ: OrganRow,
  media: readonly ProductMediaRow[],
  authorized: boolean,
): TProductDetail {
  return {
    ...productCard(row),
    company_name: organ.name,
    company_logo: fileUrl(organ.logo_key),
    is_certification: organ.is_certification,
    is_authorize: authorized ? 1 : 0,
    content: row.content,
    meterials: media.map((m) => ({
      url: mediaUrl(m.url),
      type: m.type === 2 ? 2 : 1,
      cover: fileUrl(m.poster_key),
    })),
  };
}

export type ContentListRow = Pick<
  ProductContentRow,
  | 'id'
  | 'product_id'
  | 'organisation_id'
  | 'type'
  | 'report_id'
  | 'title'
  | 'cover_key'
  | 'video_duration'
  | 'authorization_required'
  | 'published_at'
> & { report_title: string | null; report_cover_key: string | null };

export function relatedContent(row: ContentListRow): TRelatedContent {
  const isReport = row.type === 1 && row.report_id !== null;
  return {
    content_id: String(row.id),
    product_id: String(row.product_id),
    company_id: String(row.organisation_id),
    type: isReport ? 1 : 2,
    title: isReport && row.title === '' ? (row.report_title ?? '') : row.title,
    cover: fileUrl(row.cover_key !== '' ? row.cover_key : (row.report_cover_key ?? '')),
    create_time: shanghaiDateTime(row.published_at),
    video_duration: row.video_duration,
    authorization_required: row.authorization_required,
    detail_id: isReport ? String(row.report_id) : '',
  };
}

/** The relation page; its video and body stay empty while `locked`. */
export function relationDetail(
  row: ProductContentRow,
  organ: OrganRow,
  product: ProductRow,
  authorized: boolean,
): TRelationDetail {
  const locked = row.authorization_required === 1 && !authorized;
  return {
    content_id: String(row.id),
    product_id: String(row.product_id),
    company_id: String(row.organisation_id),
    cover: fileUrl(row.cover_key),
    company_name: organ.name,
    company_logo: fileUrl(organ.logo_key),
    product_title: product.title,
    title: row.title,
    material_url: locked ? '' : mediaUrl(row.video_url),
    create_time: shanghaiDateTime(row.published_at),
    video_duration: row.video_duration,
    content: locked ? '' : row.content,
    authorization_required: row.authorization_required,
    is_authorize: authorized ? 1 : 0,
    locked,
  };
}
