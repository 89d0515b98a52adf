import type { THealth, TReady } from '../health.ts';
import type { TMenuItem } from '../menu.ts';
import type { TBanner, ZBannerLogRequest } from '../search.ts';
import type { TRoutesReply, ZRoutesQuery } from '../session.ts';
import type { z } from 'zod';
import type { TRawReply } from './endpoint.ts';
import { get, post } from './endpoint.ts';

/** What every screen starts from: the server's health, the session's routes and menu, the home carousel. */
export const siteApi = {
  /** Liveness: the process is alive. */
  health: get('/api/health').returns<THealth>(),
  /** Readiness: set-up has finished and the database answers (503 otherwise). */
  ready: get('/api/ready').returns<TReady>(),
  /** `type` 1: the user's routes, roles, logo, theme and user; 2: the back-office's (spec §7). */
  routes: get('/api/user/routes').takes<z.input<typeof ZRoutesQuery>>().returns<TRoutesReply>(),
  /** The sidebar. */
  menu: get('/api/menu').returns<TMenuItem[]>(),
  /** The home carousel's slides. */
  banners: get('/api/banner/list').returns<TBanner[]>(),
  /** A click on a slide. */
  bannerLog: post('/api/banner/log').takes<z.input<typeof ZBannerLogRequest>>().returns<null>(),
  /** The OpenAPI document of every /api route; registered only when OPENAPI is `admin` or `public`. */
  openapi: get('/api/openapi.json').returns<TRawReply>(),
};
