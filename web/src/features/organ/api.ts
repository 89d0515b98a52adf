import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TCompanyContentItem,
  TCompanyListTab,
  TContactCreateInput,
  TContactCreateReply,
  TContactPrefill,
  TOrganCard,
  TOrganDetail,
  TPaged,
  TProductDetail,
  TRelatedContent,
  TRelationDetail,
  TNewHotSort,
  TSearchTab,
} from '@portal/contract';
import { api } from '../../api/client.ts';

export const organKeys = {
  all: ['organ'] as const,
  list: (filter: TOrganListFilter, page: number, pageSize: number) =>
    [...organKeys.all, 'list', filter, page, pageSize] as const,
  industries: () => [...organKeys.all, 'industries'] as const,
  detail: (id: string) => [...organKeys.all, 'detail', id] as const,
  contactPrefill: (type: number, id: string) => [...organKeys.all, 'contact-prefill', type, id] as const,
  tabs: (id: string) => [...organKeys.all, 'tabs', id] as const,
  content: (id: string, tn: TCompanyListTab, page: number, pageSize: number) =>
    [...organKeys.all, 'content', id, tn, page, pageSize] as const,
  product: (id: string) => [...organKeys.all, 'product', id] as const,
  productContents: (id: string, page: number, pageSize: number) =>
    [...organKeys.all, 'productContents', id, page, pageSize] as const,
  relation: (id: string) => [...organKeys.all, 'relation', id] as const,
};

/** The directory's sort (最新/最热), name search and industry ('' = all). */
export type TOrganListFilter = { psort: TNewHotSort; keyword: string; industry: string };

/** GET /api/company/list: one page of the directory; the previous page stays while the next loads. */
export function useOrganList(filter: TOrganListFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: organKeys.list(filter, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<TPaged<TOrganCard>>(
        '/api/company/list',
        { page, page_size: pageSize, ...filter },
        { signal, notify: false },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/company/industries: the industry filter's choices. */
export function useOrganIndustries() {
  return useQuery({
    queryKey: organKeys.industries(),
    queryFn: ({ signal }) =>
      api.get<string[]>('/api/company/industries', undefined, { signal, notify: false }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/company/detail. Failures are shown in place. */
export function useOrganDetail(id: string) {
  return useQuery({
    queryKey: organKeys.detail(id),
    queryFn: ({ signal }) => api.get<TOrganDetail>('/api/company/detail', { id }, { signal, notify: false }),
    retry: false,
  });
}

/** GET /api/search/label?pagetype=organ&id=: the organisation page's tabs. */
export function useOrganTabs(id: string) {
  return useQuery({
    queryKey: organKeys.tabs(id),
    queryFn: ({ signal }) =>
      api.get<TSearchTab[]>('/api/search/label', { pagetype: 'organ', id }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/company/detail/list: one page of an organisation's tab (products, reports, product content). */
export function useCompanyContent<T extends TCompanyListTab>(
  id: string,
  tn: T,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    queryKey: organKeys.content(id, tn, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<TPaged<TCompanyContentItem<T>>>(
        '/api/company/detail/list',
        { id, tn, page, page_size: pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: enabled && id !== '',
  });
}

/** GET /api/company/product/detail */
export function useProductDetail(productId: string, companyId: string) {
  return useQuery({
    queryKey: organKeys.product(productId),
    queryFn: ({ signal }) =>
      api.get<TProductDetail>(
        '/api/company/product/detail',
        { product_id: productId, company_id: companyId || undefined },
        { signal, notify: false },
      ),
    retry: false,
  });
}

/** GET /api/company/product/content/list */
export function useProductContents(productId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: organKeys.productContents(productId, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<TPaged<TRelatedContent>>(
        '/api/company/product/content/list',
        { product_id: productId, page, page_size: pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/company/product/content/detail */
export function useRelationDetail(contentId: string) {
  return useQuery({
    queryKey: organKeys.relation(contentId),
    queryFn: ({ signal }) =>
      api.get<TRelationDetail>(
        '/api/company/product/content/detail',
        { id: contentId },
        { signal, notify: false },
      ),
    retry: false,
  });
}

/** GET /api/company/contact/detail: the form's prefill (the caller shows 获取机构列表失败!请重试! on failure). */
export function useContactPrefill(type: number, companyId: string) {
  return useQuery({
    queryKey: organKeys.contactPrefill(type, companyId),
    queryFn: ({ signal }) =>
      api.get<TContactPrefill>(
        '/api/company/contact/detail',
        { type, id: companyId },
        { notify: false, signal },
      ),
    // The dialog says at once when the prefill cannot be had; the user types the fields instead.
    retry: false,
  });
}

/** POST /api/company/contact/create; refusals come back with the spec's message (toasted by the caller). */
export function createEnquiry(form: TContactCreateInput): Promise<TContactCreateReply> {
  return api.post<TContactCreateReply>('/api/company/contact/create', form, { notify: false });
}

/** POST /api/company/authorize: the user consents to share their details with the organisation. */
export function authorizeCompany(companyId: string): Promise<{ is_authorize: number }> {
  return api.post<{ is_authorize: number }>('/api/company/authorize', { company_id: companyId });
}
