import type { TMenuItem, TRoutesReply } from '@portal/contract';
import { siteApi } from '@portal/contract';
import type { TRequestOptions } from '../../api/client.ts';
import { call } from '../../api/client.ts';

/** type 1|2: routes, roles, logo, theme and user (spec §7 "Route and role fetch"). */
export function fetchRoutes(type: 1 | 2, options?: Pick<TRequestOptions, 'notify'>): Promise<TRoutesReply> {
  return call(siteApi.routes, { type }, options);
}

/** The sidebar. */
export function fetchMenu(): Promise<TMenuItem[]> {
  return call(siteApi.menu, undefined);
}
