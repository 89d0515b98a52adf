import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { maxChars, required, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';

/**
 * The back-office inboxes (issue 16): feedback, enquiries and organisation claims share one
 * workflow — status, assignee, an internal note, and replies by e-mail that are kept with the
 * item. Every call is role 2 only.
 */

export const INBOX_KINDS = ['feedback', 'enquiry', 'claim'] as const;
export type TInboxKind = (typeof INBOX_KINDS)[number];

/** 新建 / 处理中 / 已完成; an item nobody has touched yet is `new`. */
export const INBOX_STATUSES = ['new', 'in_progress', 'done'] as const;
export type TInboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_NOTE_MAX = 2000;
export const INBOX_SUBJECT_MAX = 100;
export const INBOX_BODY_MAX = 5000;

export const validateInboxNote = textRule(maxChars(INBOX_NOTE_MAX, MSG.inboxNoteTooLong));
export const validateInboxSubject = textRule(
  required(MSG.inboxReplySubjectRequired),
  maxChars(INBOX_SUBJECT_MAX, MSG.inboxReplySubjectTooLong),
);
export const validateInboxBody = textRule(
  required(MSG.inboxReplyBodyRequired),
  maxChars(INBOX_BODY_MAX, MSG.inboxReplyBodyTooLong),
);

export const ZInboxKindParams = z.object({ kind: z.enum(INBOX_KINDS, { error: MSG.notFound }) });
export const ZInboxItemParams = ZInboxKindParams.extend({ id: idField });

/**
 * GET /api/admin/inbox/{kind}?page&page_size&status&assignee_id&keyword — newest first.
 * `assignee_id=0` lists the items nobody is assigned to; `keyword` is part of the text, the
 * sender's name, contact or organisation. The CSV export takes the same filters.
 */
export const ZInboxListQuery = z.object({
  page: adminPageField,
  page_size: adminPageSizeField,
  status: z.enum(INBOX_STATUSES, { error: MSG.badRequest }).optional(),
  assignee_id: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int()
    .min(0)
    .max(2_147_483_647)
    .optional(),
  keyword: z.string().trim().max(100, { error: MSG.searchTooLong }).optional(),
});
export type TInboxListQuery = z.output<typeof ZInboxListQuery>;
export const ZInboxExportQuery = ZInboxListQuery.omit({ page: true, page_size: true });

export const ZInboxItem = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES),
  assignee_id: z.number().nullable(),
  /** The assignee's nickname (or masked phone); '' when unassigned. */
  assignee: z.string(),
  /** 0 until the first change; a change naming another version is refused (409). */
  version: z.number(),
  /** The sender: their nickname or the name they gave. */
  name: z.string(),
  /** The sender's account phone, masked (138****0001). */
  phone: z.string(),
  /** What they left to be reached at: an e-mail, or a phone for some claims. */
  contact: z.string(),
  /** The organisation an enquiry or a claim is about ('' for feedback). */
  organisation: z.string(),
  content: z.string(),
  /** Where a reply by e-mail goes; '' when there is no address (replying is then refused). */
  reply_to: z.string(),
  replies: z.number(),
  /** Epoch milliseconds. */
  created_at: z.number(),
  updated_at: z.number().nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;
export const ZInboxListReply = z.object({ data: z.array(ZInboxItem), total: z.number() });
export type TInboxListReply = z.infer<typeof ZInboxListReply>;

export const ZInboxReply = z.object({
  id: z.number(),
  admin_id: z.number(),
  /** The admin's nickname (or masked phone). */
  admin: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  at: z.number(),
});
export type TInboxReply = z.infer<typeof ZInboxReply>;

/** What a workflow change touched: the status, the assignee or the internal note. */
export const INBOX_CHANGE_FIELDS = ['status', 'assignee', 'note'] as const;
export type TInboxChangeField = (typeof INBOX_CHANGE_FIELDS)[number];
/**
 * One field of one saved change (who, when, from → to), read from the audit log. Status values
 * are the INBOX_STATUSES keys; assignees are names ('' = nobody); notes their text.
 */
export const ZInboxChange = z.object({
  /** The audit entry's id (several fields of one save share it). */
  id: z.number(),
  admin_id: z.number(),
  admin: z.string(),
  at: z.number(),
  field: z.enum(INBOX_CHANGE_FIELDS),
  from: z.string(),
  to: z.string(),
});
export type TInboxChange = z.infer<typeof ZInboxChange>;

/** GET /api/admin/inbox/{kind}/{id}: the item, its kind's details, the internal note, the replies. */
export const ZInboxDetail = ZInboxItem.extend({
  note: z.string(),
  /** The kind's own fields, labelled in Chinese (公司, 职位, 产品 …), in form order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Feedback screenshots as signed /files URLs (shown as <img> only). */
  screenshots: z.array(z.string()),
  /** Replies sent, oldest first. */
  history: z.array(ZInboxReply),
  /** Status, assignee and note changes, oldest first (the latest 100 saves). */
  changes: z.array(ZInboxChange),
});
export type TInboxDetail = z.infer<typeof ZInboxDetail>;

/**
 * PUT (or PATCH) /api/admin/inbox/{kind}/{id}: any of status, assignee (null: nobody) and note,
 * with the version the screen loaded.
 */
export const ZInboxUpdate = z.object({
  version: z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(0).max(2_147_483_647),
  status: z.enum(INBOX_STATUSES, { error: MSG.badRequest }).optional(),
  assignee_id: idField.nullable().optional(),
  note: textSchema(validateInboxNote).optional(),
});
export type TInboxUpdate = z.input<typeof ZInboxUpdate>;

/** POST /api/admin/inbox/{kind}/{id}/reply: plain text, mailed to the item's `reply_to`. */
/** The subject the reply form starts with, per kind. */
export const INBOX_DEFAULT_SUBJECT: Record<TInboxKind, string> = {
  feedback: '【洞察门户】关于您的反馈',
  enquiry: '【洞察门户】关于您的咨询',
  claim: '【洞察门户】关于您的机构认领申请',
};

export const ZInboxReplyRequest = z.object({
  subject: textSchema(validateInboxSubject),
  body: textSchema(validateInboxBody),
});
export type TInboxReplyRequest = z.input<typeof ZInboxReplyRequest>;

/** GET /api/admin/inbox/assignees: the admins an item can be assigned to. */
export const ZInboxAssignees = z.array(z.object({ id: z.number(), name: z.string() }));
export type TInboxAssignees = z.infer<typeof ZInboxAssignees>;
