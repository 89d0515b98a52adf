import type {
  TAdminAnalysisUpdate,
  TAdminContentDetail,
  TAdminContentListReply,
  TAdminContentType,
  TAdminHeadlineCreate,
  TAdminHeadlineUpdate,
  TAdminIdReply,
  TAdminImpact,
  TAdminMaterialUpdate,
  TAdminReportUpdate,
  TAdminStateReply,
} from '@portal/contract';
import { api, apiRequest } from '../../api/client.ts';

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
    api.get<TAdminContentListReply>(`/api/admin/content/${type}`, query),
  contentDetail: (type: TAdminContentType, id: number) =>
    api.get<TAdminContentDetail>(`/api/admin/content/${type}/${id}`),
  publish: (type: TAdminContentType, id: number) =>
    api.post<TAdminStateReply>(`/api/admin/content/${type}/${id}/publish`),
  unpublish: (type: TAdminContentType, id: number) =>
    api.post<TAdminStateReply>(`/api/admin/content/${type}/${id}/unpublish`),
  impact: (type: TAdminContentType, id: number) =>
    api.get<TAdminImpact>(`/api/admin/content/${type}/${id}/impact`),
  remove: (type: TAdminContentType, id: number) =>
    apiRequest<unknown>('DELETE', `/api/admin/content/${type}/${id}`),

  createHeadline: (body: TAdminHeadlineCreate) => api.post<TAdminIdReply>('/api/admin/headlines', body),
  updateHeadline: (id: number, body: TAdminHeadlineUpdate) =>
    apiRequest<TAdminStateReply>('PUT', `/api/admin/headlines/${id}`, { body }),
  updateReport: (id: number, body: TAdminReportUpdate) =>
    apiRequest<TAdminStateReply>('PUT', `/api/admin/reports/${id}`, { body }),
  updateAnalysis: (id: number, body: TAdminAnalysisUpdate) =>
    apiRequest<TAdminStateReply>('PUT', `/api/admin/analyses/${id}`, { body }),
  updateMaterial: (id: number, body: TAdminMaterialUpdate) =>
    apiRequest<TAdminStateReply>('PUT', `/api/admin/materials/${id}`, { body }),
};
