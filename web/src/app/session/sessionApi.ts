import type { TMenuItem, TRoutesReply } from '@portal/contract';
import type { TRequestOptions } from '../../api/client.ts';
import { api } from '../../api/client.ts';

/** GET /api/user/routes?type=1|2: routes, roles, logo, theme and user (spec §7 "Route and role fetch"). */
export function fetchRoutes(type: 1 | 2, options?: Pick<TRequestOptions, 'notify'>): Promise<TRoutesReply> {
  return api.get<TRoutesReply>('/api/user/routes', { type }, options);
}

/** GET /api/menu: the sidebar. */
export function fetchMenu(): Promise<TMenuItem[]> {
  return api.get<TMenuItem[]>('/api/menu');
}
