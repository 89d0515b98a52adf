import type { TSearchAlert, TSearchAlertCreate, ZSearchAlertStatus } from '../alerts.ts';
import type { z } from 'zod';
import { del, get, post } from './endpoint.ts';

/** Search alerts: 订阅此搜索 on the results, listed, paused and deleted on /keyword_setting. */
export const alertsApi = {
  list: get('/api/search/alerts').returns<TSearchAlert[]>(),
  create: post('/api/search/alerts').takes<TSearchAlertCreate>().returns<TSearchAlert>(),
  /** `paused` 1 keeps it listed but out of the digest. */
  setPaused: post('/api/search/alerts/:id/status')
    .takes<z.input<typeof ZSearchAlertStatus>>()
    .returns<TSearchAlert>(),
  remove: del('/api/search/alerts/:id').returns<null>(),
};
