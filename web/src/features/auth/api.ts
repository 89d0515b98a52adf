import type { TLoginReply } from '@portal/contract';
import { api } from '../../api/client.ts';

/** GET /api/sendCode: sends a login code by SMS. */
export function sendCode(phone: string): Promise<unknown> {
  return api.get<unknown>('/api/sendCode', { phone });
}

/** GET /api/login: exchanges phone + code for a session token. */
export function login(phone: string, code: string): Promise<TLoginReply> {
  return api.get<TLoginReply>('/api/login', { phone, code });
}

/** POST /api/logout: revokes the token. Failure is silent: the client forgets the token anyway. */
export function logout(): Promise<unknown> {
  return api.post<unknown>('/api/logout', {}, { notify: false });
}
