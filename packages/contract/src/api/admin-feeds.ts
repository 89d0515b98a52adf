import type { TAdminIdReply } from '../admin/content.ts';
import type {
  TAdminFeedCreate,
  TAdminFeedPollReply,
  TAdminFeedsReply,
  TAdminFeedStateReply,
  TAdminFeedUpdate,
  ZAdminFeedEnabled,
  ZAdminFeedsQuery,
} from '../admin/feeds.ts';
import type { z } from 'zod';
import { del, get, post, put } from './endpoint.ts';

/** The back-office's feed sources (role 2 only). */
export const adminFeedsApi = {
  list: get('/api/admin/feeds').takes<z.input<typeof ZAdminFeedsQuery>>().returns<TAdminFeedsReply>(),
  create: post('/api/admin/feeds').takes<TAdminFeedCreate>().returns<TAdminIdReply>(),
  update: put('/api/admin/feeds/:id').takes<TAdminFeedUpdate>().returns<TAdminFeedStateReply>(),
  setEnabled: put('/api/admin/feeds/:id/enabled')
    .takes<z.input<typeof ZAdminFeedEnabled>>()
    .returns<TAdminFeedStateReply>(),
  remove: del('/api/admin/feeds/:id').returns<null>(),
  /** Fetches now; a failed feed is a result with `error`, not a refusal. */
  poll: post('/api/admin/feeds/:id/poll').returns<TAdminFeedPollReply>(),
};
