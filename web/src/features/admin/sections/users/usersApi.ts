import type { TAdminUser, TAdminUserDetail, TAdminUsersReply } from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** The users section's calls (role 2): search, detail, roles, the organisation menu, disable / enable. */
export const usersApi = {
  list: (query: TPageQuery) => api.get<TAdminUsersReply>('/api/admin/users', query),
  detail: (id: number) => api.get<TAdminUserDetail>(`/api/admin/users/${id}`),
  setRoles: (id: number, roles: number[]) =>
    apiRequest<TAdminUser>('PUT', `/api/admin/users/${id}/roles`, { body: { roles } }),
  setOrganMenu: (id: number, value: 0 | 1) =>
    apiRequest<TAdminUser>('PUT', `/api/admin/users/${id}/organ_detail_menu`, { body: { value } }),
  disable: (id: number) => api.post<TAdminUser>(`/api/admin/users/${id}/disable`),
  enable: (id: number) => api.post<TAdminUser>(`/api/admin/users/${id}/enable`),
};

export const usersKeys = {
  all: ['admin', 'users'] as const,
  list: (query: TPageQuery) => ['admin', 'users', 'list', query] as const,
  detail: (id: number) => ['admin', 'users', 'detail', id] as const,
};

/** What the tables call a user: the nickname, or the phone when there is none. */
export function userName(user: Pick<TAdminUser, 'nickname' | 'phone'>): string {
  return user.nickname || user.phone;
}
