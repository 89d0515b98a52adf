import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TAuthorizeReply,
  TCompanyListTab,
  TContactCreateInput,
  TContactCreateReply,
} from '@portal/contract';
import {
  organIndustriesQueryKey,
  organisationsApi,
  organListQueryKey,
  organListRequest,
  searchApi,
  type TOrganListFilter,
} from '@portal/contract';
import { call } from '../../api/client.ts';

export const organKeys = {
  all: ['organ'] as const,
  list: organListQueryKey,
  industries: () => organIndustriesQueryKey,
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

/** GET /api/company/list: one page of the directory; the previous page stays while the next loads. */
export function useOrganList(filter: TOrganListFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: organKeys.list(filter, page, pageSize),
    queryFn: ({ signal }) =>
      call(organisationsApi.list, organListRequest(filter, page, pageSize), { signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/company/industries: the industry filter's choices. */
export function useOrganIndustries() {
  return useQuery({
    queryKey: organKeys.industries(),
    queryFn: ({ signal }) => call(organisationsApi.industries, undefined, { signal, notify: false }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/company/detail. Failures are shown in place. */
export function useOrganDetail(id: string) {
  return useQuery({
    queryKey: organKeys.detail(id),
    queryFn: ({ signal }) => call(organisationsApi.detail, { id }, { signal, notify: false }),
    retry: false,
  });
}

/** GET /api/search/label?pagetype=organ&id=: the organisation page's tabs. */
export function useOrganTabs(id: string) {
  return useQuery({
    queryKey: organKeys.tabs(id),
    queryFn: ({ signal }) => call(searchApi.tabs, { pagetype: 'organ', id }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/company/detail/list: one page of an organisation's tab (products, reports, product content). */
export function useCompanyContent(id: string, tn: TCompanyListTab, page: number, pageSize: number) {
  return useQuery({
    queryKey: organKeys.content(id, tn, page, pageSize),
    queryFn: ({ signal }) =>
      call(organisationsApi.contentList, { id, tn, page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
}

/** The products tab of GET /api/company/detail/list (a product page's 更多产品): the same cache entry. */
export function useCompanyProducts(id: string, page: number, pageSize: number) {
  const tn = 'company_product';
  return useQuery({
    queryKey: organKeys.content(id, tn, page, pageSize),
    queryFn: ({ signal }) =>
      call(organisationsApi.products, { id, tn, page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
}

/** GET /api/company/product/detail */
export function useProductDetail(productId: string, companyId: string) {
  return useQuery({
    queryKey: organKeys.product(productId),
    queryFn: ({ signal }) =>
      call(
        organisationsApi.productDetail,
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
      call(
        organisationsApi.productContents,
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
      call(organisationsApi.productContentDetail, { id: contentId }, { signal, notify: false }),
    retry: false,
  });
}

/** GET /api/company/contact/detail: the form's prefill (the caller shows 获取机构列表失败!请重试! on failure). */
export function useContactPrefill(type: number, companyId: string) {
  return useQuery({
    queryKey: organKeys.contactPrefill(type, companyId),
    queryFn: ({ signal }) =>
      call(organisationsApi.contactPrefill, { type, id: companyId }, { notify: false, signal }),
    // The dialog says at once when the prefill cannot be had; the user types the fields instead.
    retry: false,
  });
}

/** POST /api/company/contact/create; refusals come back with the spec's message (toasted by the caller). */
export function createEnquiry(form: TContactCreateInput): Promise<TContactCreateReply> {
  return call(organisationsApi.createEnquiry, form, { notify: false });
}

/** POST /api/company/authorize: the user consents to share their details with the organisation. */
export function authorizeCompany(companyId: string): Promise<TAuthorizeReply> {
  return call(organisationsApi.authorize, { company_id: companyId });
}
