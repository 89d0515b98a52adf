import {
  envelopeSchema,
  MSG,
  pagedSchema,
  ZAuthorizeReply,
  ZAuthorizeRequest,
  ZCompanyContentListQuery,
  ZCompanyDetailQuery,
  ZCompanyIndustriesReply,
  ZCompanyListQuery,
  ZCompanyListReply,
  ZContactCreateReply,
  ZContactCreateRequest,
  ZContactDetailQuery,
  ZContactPrefill,
  ZOrganDetail,
  ZProductContentDetailQuery,
  ZProductContentListQuery,
  ZProductDetail,
  ZProductDetailQuery,
  ZRelatedContent,
  ZRelationDetail,
  organisationsApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { EnquiriesService } from './enquiries.service.ts';
import type { OrganisationsService } from './organisations.service.ts';

/** Spec §7 "Organisations", plus POST /api/company/authorize (ours: the consent dialog). Every call needs a user. */
export function organisationsRoutes(
  organisations: OrganisationsService,
  enquiries: EnquiriesService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, not preHandler: a visitor without a session gets 401 before any input check.
    app.addHook('onRequest', app.requireUser);

    route(
      app,
      organisationsApi.list,
      { schema: { querystring: ZCompanyListQuery, response: { 200: envelopeSchema(ZCompanyListReply) } } },
      async (request) => ok(await organisations.list(request.query)),
    );

    route(
      app,
      organisationsApi.industries,
      { schema: { response: { 200: envelopeSchema(ZCompanyIndustriesReply) } } },
      async () => ok(await organisations.industries()),
    );

    route(
      app,
      organisationsApi.detail,
      { schema: { querystring: ZCompanyDetailQuery, response: { 200: envelopeSchema(ZOrganDetail) } } },
      async (request) => ok(await organisations.detail(request.query.id, currentUser(request))),
    );

    // Items differ by tab (products, reports, product content); each is built by its mapper's type.
    route(
      app,
      organisationsApi.contentList,
      { schema: { querystring: ZCompanyContentListQuery } },
      async (request) => ok(await organisations.contentList(request.query)),
    );

    route(
      app,
      organisationsApi.productDetail,
      { schema: { querystring: ZProductDetailQuery, response: { 200: envelopeSchema(ZProductDetail) } } },
      async (request) => ok(await organisations.productDetail(request.query, currentUser(request))),
    );

    route(
      app,
      organisationsApi.productContents,
      {
        schema: {
          querystring: ZProductContentListQuery,
          response: { 200: envelopeSchema(pagedSchema(ZRelatedContent)) },
        },
      },
      async (request) => ok(await organisations.productContents(request.query)),
    );

    route(
      app,
      organisationsApi.productContentDetail,
      {
        schema: {
          querystring: ZProductContentDetailQuery,
          response: { 200: envelopeSchema(ZRelationDetail) },
        },
      },
      async (request) => ok(await organisations.contentDetail(request.query.id, currentUser(request))),
    );

    route(
      app,
      organisationsApi.authorize,
      {
        schema: {
          body: ZAuthorizeRequest,
          response: { 200: envelopeSchema(ZAuthorizeReply) },
        },
      },
      async (request) =>
        ok(await organisations.authorize(request.body.company_id, currentUser(request)), MSG.authorized),
    );

    route(
      app,
      organisationsApi.contactPrefill,
      { schema: { querystring: ZContactDetailQuery, response: { 200: envelopeSchema(ZContactPrefill) } } },
      async (request) => ok(await enquiries.prefill(request.query, currentUser(request))),
    );

    route(
      app,
      organisationsApi.createEnquiry,
      { schema: { body: ZContactCreateRequest, response: { 200: envelopeSchema(ZContactCreateReply) } } },
      async (request) =>
        ok(await enquiries.create(request.body, currentUser(request), request.ip), MSG.enquiryThanks),
    );
  };
}
