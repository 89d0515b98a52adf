import type {
  TAuthorizeReply,
  TClaimCreateInput,
  TClaimCreateReply,
  TCompanyContentItem,
  TCompanyContentListQuery,
  TCompanyListQuery,
  TCompanyListTab,
  TContactCreateReply,
  TContactPrefill,
  TOrganCard,
  TOrganDetail,
  TPaged,
  TProductCard,
  TProductDetail,
  TProductDetailQuery,
  TRelatedContent,
  TRelationDetail,
  ZAuthorizeRequest,
  ZCompanyDetailQuery,
  ZContactDetailQuery,
  ZProductContentDetailQuery,
  ZProductContentListQuery,
} from '../organisations.ts';
import type { TContactCreateInput } from '../rules/contact.ts';
import type { z } from 'zod';
import { get, post } from './endpoint.ts';

/** Organisations, their products and enquiries (spec §7 "Organisations"), and claims (ours). */
export const organisationsApi = {
  list: get('/api/company/list').takes<TCompanyListQuery>().returns<TPaged<TOrganCard>>(),
  /** The directory's industry filter. */
  industries: get('/api/company/industries').returns<string[]>(),
  detail: get('/api/company/detail').takes<z.input<typeof ZCompanyDetailQuery>>().returns<TOrganDetail>(),
  /** One page of an organisation's tab: items of the kind `tn` names (`products` narrows it). */
  contentList: get('/api/company/detail/list')
    .takes<TCompanyContentListQuery>()
    .returns<TPaged<TCompanyContentItem<TCompanyListTab>>>(),
  /** `tn: 'company_product'`: the organisation's products. */
  products: get('/api/company/detail/list')
    .takes<TCompanyContentListQuery & { tn: 'company_product' }>()
    .returns<TPaged<TProductCard>>(),
  productDetail: get('/api/company/product/detail').takes<TProductDetailQuery>().returns<TProductDetail>(),
  productContents: get('/api/company/product/content/list')
    .takes<z.input<typeof ZProductContentListQuery>>()
    .returns<TPaged<TRelatedContent>>(),
  productContentDetail: get('/api/company/product/content/detail')
    .takes<z.input<typeof ZProductContentDetailQuery>>()
    .returns<TRelationDetail>(),
  /** Ours: the user consents to share their details with the organisation. */
  authorize: post('/api/company/authorize')
    .takes<z.input<typeof ZAuthorizeRequest>>()
    .returns<TAuthorizeReply>(),
  /** The enquiry form's prefill. */
  contactPrefill: get('/api/company/contact/detail')
    .takes<z.input<typeof ZContactDetailQuery>>()
    .returns<TContactPrefill>(),
  createEnquiry: post('/api/company/contact/create')
    .takes<TContactCreateInput>()
    .returns<TContactCreateReply>(),
  /** Ours: a logged-in user claims an uncertified organisation. */
  claim: post('/api/company/claim').takes<TClaimCreateInput>().returns<TClaimCreateReply>(),
};
