import { Role } from '@portal/contract';
import type { NewUser } from '../modules/users/users.repo.ts';

/** Demo accounts (README): log in with the phone and the code from the server log. */
export const DEMO_USER_PHONE = '13800000001';
export const DEMO_ADMIN_PHONE = '13800000002';

export function demoUsers(now: number): NewUser[] {
  const onboarded = { company_type_status: 1, keyword_status: 1, created_at: now, last_login_at: null };
  return [
    { phone: DEMO_USER_PHONE, nickname: '演示用户', roles: [Role.user], ...onboarded },
    { phone: DEMO_ADMIN_PHONE, nickname: '管理员', roles: [Role.user, Role.admin], ...onboarded },
  ];
}
