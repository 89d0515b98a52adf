import { z } from 'zod';
import { idField } from '../rules/fields.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';

/**
 * GET /api/admin/audit?page=&page_size=&actor_id=&target_type=&target_id=&action= (role 2), newest first:
 * the back-office audit log (issue 16), every admin write, who, when, what, before → after.
 * Read-only by design: there is no call that edits or deletes an entry.
 */
export const ZAuditQuery = z.object({
  page: adminPageField,
  page_size: adminPageSizeField,
  actor_id: idField.optional(),
  target_type: z.string().trim().max(50).optional(),
  /** One item's entries (with target_type). */
  target_id: idField.optional(),
  action: z.string().trim().max(100).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number(),
  /** The admin's nickname (or masked phone when the nickname is empty) at read time. */
  actor: z.string(),
  actor_id: z.number(),
  /** What was done, `<area>.<verb>`, e.g. `content.unpublish`, `user.disable`. */
  action: z.string(),
  /** What it was done to: `report`, `headline`, `analysis`, `material`, `user`, … */
  target_type: z.string(),
  target_id: z.number(),
  /** Epoch milliseconds. */
  at: z.number(),
  /** The fields the write changed, as they were and as they became (null: created / deleted). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditReply = z.object({ data: z.array(ZAuditEntry), total: z.number() });
export type TAuditReply = z.infer<typeof ZAuditReply>;
