import { describe, expect, it } from 'vitest';
import { messageOf } from '../test/issues.ts';
import { ADMIN_USER_MSG, ZAdminGrantBody, ZAdminUserRolesBody, ZAdminUsersQuery } from './users.ts';

describe('back-office users rules', () => {
  it('roles always hold 1, may add 2, nothing else; order and a repeat do not matter', () => {
    expect(ZAdminUserRolesBody.parse({ roles: [2, 1] })).toEqual({ roles: [1, 2] });
    expect(ZAdminUserRolesBody.parse({ roles: [1, 1] })).toEqual({ roles: [1] });
    expect(ZAdminUserRolesBody.parse({ roles: [1] })).toEqual({ roles: [1] });
    for (const roles of [[], [2], [1, 3], ['1'], null]) {
      expect(messageOf(ZAdminUserRolesBody, { roles }), JSON.stringify(roles)).toBe(
        ADMIN_USER_MSG.rolesInvalid,
      );
    }
  });

  it('a grant names the user by id or by a valid phone', () => {
    expect(messageOf(ZAdminGrantBody, {})).toBe(ADMIN_USER_MSG.grantTargetRequired);
    expect(messageOf(ZAdminGrantBody, { user_id: '7' })).toBeNull();
    expect(messageOf(ZAdminGrantBody, { phone: '13800000001' })).toBeNull();
    expect(messageOf(ZAdminGrantBody, { phone: '12345' })).not.toBeNull();
  });

  it('the list query pages from 1 with 20 by default and caps the page size at 100', () => {
    expect(ZAdminUsersQuery.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(ZAdminUsersQuery.parse({ keyword: ' 138 ', role: '2', status: '0' })).toMatchObject({
      keyword: '138',
      role: 2,
      status: 0,
    });
    expect(messageOf(ZAdminUsersQuery, { page_size: '101' })).not.toBeNull();
    expect(messageOf(ZAdminUsersQuery, { role: '3' })).not.toBeNull();
  });
});
