import type {
  TInboxAssignees,
  TInboxDetail,
  TInboxListReply,
  TInboxReply,
  TInboxReplyRequest,
  TInboxUpdate,
  ZInboxExportQuery,
  ZInboxListQuery,
} from '../admin/inbox.ts';
import type { z } from 'zod';
import type { TRawReply } from './endpoint.ts';
import { get, patch, post, put } from './endpoint.ts';

type TExportQuery = z.input<typeof ZInboxExportQuery>;

/**
 * The back-office's inboxes (role 2 only): feedback, enquiries and claims (`:kind`, one of
 * INBOX_KINDS) — list, read, change, reply, and each kind's CSV export with the list's filters.
 */
export const adminInboxApi = {
  assignees: get('/api/admin/inbox/assignees').returns<TInboxAssignees>(),
  // One static path per kind (`${kind}Csv`): it wins over `/:kind`.
  feedbackCsv: get('/api/admin/inbox/feedback.csv').takes<TExportQuery>().returns<TRawReply>(),
  enquiryCsv: get('/api/admin/inbox/enquiry.csv').takes<TExportQuery>().returns<TRawReply>(),
  claimCsv: get('/api/admin/inbox/claim.csv').takes<TExportQuery>().returns<TRawReply>(),
  list: get('/api/admin/inbox/:kind').takes<z.input<typeof ZInboxListQuery>>().returns<TInboxListReply>(),
  detail: get('/api/admin/inbox/:kind/:id').returns<TInboxDetail>(),
  /** What the web client sends; `patch` takes the same change as REST spells it. */
  update: put('/api/admin/inbox/:kind/:id').takes<TInboxUpdate>().returns<TInboxDetail>(),
  patch: patch('/api/admin/inbox/:kind/:id').takes<TInboxUpdate>().returns<TInboxDetail>(),
  reply: post('/api/admin/inbox/:kind/:id/reply').takes<TInboxReplyRequest>().returns<TInboxReply>(),
};
