import { CONTENT_INDEXES, MSG, type TRelatedContent } from '@portal/contract';

/** Pages of the organ feature (spec §2) and the tips page for unauthorised product access. */
export const organPaths = {
  list: () => '/organ',
  detail: (companyId: string) => `/organ/organDetail/${encodeURIComponent(companyId)}`,
  product: (productId: string, companyId: string, authorizationRequired?: number) => {
    const q = new URLSearchParams({ product_id: productId, company_id: companyId });
    if (authorizationRequired !== undefined) {
      q.set('authorization_required', String(authorizationRequired));
    }
    return `/organ/organProduct/${encodeURIComponent(productId)}?${q.toString()}`;
  },
  relation: (
    item: Pick<TRelatedContent, 'content_id' | 'product_id' | 'company_id' | 'authorization_required'>,
  ) => {
    const q = new URLSearchParams({
      product_id: item.product_id,
      company_id: item.company_id,
      authorization_required: String(item.authorization_required),
    });
    return `/organ/organRelation/${encodeURIComponent(item.content_id)}?${q.toString()}`;
  },
  report: (detailId: string) =>
    `/report/report_details/${encodeURIComponent(detailId)}?id=${encodeURIComponent(detailId)}&index=${CONTENT_INDEXES.report}`,
  /** Spec §4: where a product page sends a user who has not authorised the organisation. */
  needAuthorization: () => `/self/collect_404?tips=${encodeURIComponent(MSG.needAuthorization)}`,
};

/**
 * Spec §4: on the product page, is_authorize 0 with the `authorization_required` query "1"
 * sends the user to collect_404 with 本页面需要授权才能访问.
 */
export function mustLeaveProductPage(isAuthorize: number, authorizationRequired: string | null): boolean {
  return isAuthorize === 0 && authorizationRequired === '1';
}

/** Spec §4: content that requires authorization asks for consent first unless is_authorize is 1. */
export function needsConsent(
  item: Pick<TRelatedContent, 'authorization_required'>,
  isAuthorize: number,
): boolean {
  return item.authorization_required === 1 && isAuthorize !== 1;
}

/** Where a related content item opens: its report (type 1) or its relation page (type 2). */
export function relatedContentPath(item: TRelatedContent): string {
  return item.type === 1 && item.detail_id !== ''
    ? organPaths.report(item.detail_id)
    : organPaths.relation(item);
}

/** `mm:ss` (or `h:mm:ss`) of a video length in seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
