import type { TAdminUser, TInputOf } from '@portal/contract';
import { adminUsersApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** The users section's calls (role 2): search, detail, roles, the organisation menu, disable / enable. */
export const usersApi = {
  list: (query: TPageQuery) => call(adminUsersApi.list, {}, { query }),
  detail: (id: number) => call(adminUsersApi.detail, undefined, { params: { id } }),
  setRoles: (id: number, roles: TInputOf<typeof adminUsersApi.setRoles>['roles']) =>
    call(adminUsersApi.setRoles, { roles }, { params: { id } }),
  setOrganMenu: (id: number, value: 0 | 1) => call(adminUsersApi.setOrganMenu, { value }, { params: { id } }),
  disable: (id: number) => call(adminUsersApi.disable, undefined, { params: { id } }),
  enable: (id: number) => call(adminUsersApi.enable, undefined, { params: { id } }),
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
