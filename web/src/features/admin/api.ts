import type {
  TAdminAnalysisUpdate,
  TAdminContentType,
  TAdminHeadlineCreate,
  TAdminHeadlineUpdate,
  TAdminMaterialUpdate,
  TAdminReportUpdate,
} from '@portal/contract';
import { adminContentApi } from '@portal/contract';
import { call } from '../../api/client.ts';

/** Typed calls of the back-office API (every path is role 2 only, under /api/admin). */

export type TPageQuery = Record<string, string | number>;

export const adminKeys = {
  all: ['admin'] as const,
  audit: (query: TPageQuery) => ['admin', 'audit', query] as const,
  content: (type: TAdminContentType) => ['admin', 'content', type] as const,
  contentList: (type: TAdminContentType, query: TPageQuery) =>
    ['admin', 'content', type, 'list', query] as const,
  contentDetail: (type: TAdminContentType, id: number) => ['admin', 'content', type, 'detail', id] as const,
};

export const adminApi = {
  contentList: (type: TAdminContentType, query: TPageQuery) =>
    call(adminContentApi.list, {}, { params: { type }, query }),
  contentDetail: (type: TAdminContentType, id: number) =>
    call(adminContentApi.detail, undefined, { params: { type, id } }),
  publish: (type: TAdminContentType, id: number) =>
    call(adminContentApi.publish, undefined, { params: { type, id } }),
  unpublish: (type: TAdminContentType, id: number) =>
    call(adminContentApi.unpublish, undefined, { params: { type, id } }),
  impact: (type: TAdminContentType, id: number) =>
    call(adminContentApi.impact, undefined, { params: { type, id } }),
  remove: (type: TAdminContentType, id: number) =>
    call(adminContentApi.remove, undefined, { params: { type, id } }),

  createHeadline: (body: TAdminHeadlineCreate) => call(adminContentApi.createHeadline, body),
  updateHeadline: (id: number, body: TAdminHeadlineUpdate) =>
    call(adminContentApi.updateHeadline, body, { params: { id } }),
  splitHeadline: (id: number) => call(adminContentApi.splitHeadline, undefined, { params: { id } }),
  updateReport: (id: number, body: TAdminReportUpdate) =>
    call(adminContentApi.updateReport, body, { params: { id } }),
  updateAnalysis: (id: number, body: TAdminAnalysisUpdate) =>
    call(adminContentApi.updateAnalysis, body, { params: { id } }),
  updateMaterial: (id: number, body: TAdminMaterialUpdate) =>
    call(adminContentApi.updateMaterial, body, { params: { id } }),
};
