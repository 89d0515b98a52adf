import {
  isEmail,
  maskPhone,
  MSG,
  ResultCode,
  Role,
  type TInboxAssignees,
  type TInboxChange,
  type TInboxDetail,
  type TInboxItem,
  type TInboxKind,
  type TInboxListQuery,
  type TInboxListReply,
  type TInboxReply,
  type ZInboxReplyRequest,
  type ZInboxUpdate,
  shanghaiMinute,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { Users } from '../users/users.service.ts';
import { replyMail } from './inbox-mail.ts';
import type { InboxChange, InboxFilter, InboxRepo, InboxRow } from './inbox.repo.ts';

export type InboxDeps = {
  repo: InboxRepo;
  users: Users;
  mailer: Mailer;
  audit: AuditLog;
  clock: Clock;
  fileUrls: FileUrls;
  log: { error(obj: object, msg: string): void };
};
export type InboxService = ReturnType<typeof createInboxService>;
type Actor = { id: number };

const ENQUIRY_TYPE: Record<number, string> = { 1: '获取更多信息', 2: '联系我们' };
/** Workflow saves shown per item (the audit screen has them all). */
const CHANGES_SHOWN = 100;

/**
 * The inboxes' workflow: list and read feedback, enquiries and claims with their state; change
 * status, assignee and note at the version the admin saw (409 otherwise); reply by e-mail
 * through the app's Mailer. Every change and every reply is kept and recorded in the audit log.
 */
export function createInboxService({ repo, users, mailer, audit, clock, fileUrls, log }: InboxDeps) {
  const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);

  async function existing(kind: TInboxKind, id: number): Promise<InboxRow> {
    const row = await repo.one(kind, id);
    if (!row) {
      throw AppError.notFound(MSG.inboxItemNotFound);
    }
    return row;
  }

  /** Names of users by id: the nickname, else the masked phone. */
  async function namesOf(ids: readonly (number | null)[]): Promise<Map<number, string>> {
    const found = await users.findByIds([...new Set(ids.filter((id): id is number => id !== null))]);
    return new Map([...found.values()].map((u) => [u.id, u.nickname || maskPhone(u.phone)]));
  }

  /**
   * Where a reply goes: the address the sender left with the item; for feedback without one,
   * the e-mail bound to the account; '' when there is none (a claim with a phone only).
   */
  async function replyTo(kind: TInboxKind, row: InboxRow): Promise<string> {
    if (isEmail(row.contact)) {
      return row.contact;
    }
    return kind === 'feedback' ? users.emailOf(row.user_id) : '';
  }

  async function items(kind: TInboxKind, rows: InboxRow[]): Promise<TInboxItem[]> {
    const names = await namesOf(rows.map((r) => r.assignee_id));
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        kind,
        status: r.status,
        assignee_id: r.assignee_id,
        assignee: r.assignee_id === null ? '' : (names.get(r.assignee_id) ?? `#${r.assignee_id}`),
        version: r.version,
        name: r.name,
        phone: maskPhone(r.phone),
        contact: r.contact,
        organisation: r.organisation,
        content: r.content,
        reply_to: await replyTo(kind, r),
        replies: r.replies,
        created_at: r.created_at,
        updated_at: r.updated_at,
      })),
    );
  }

  /** The kind's own fields, labelled as the forms label them. */
  async function fieldsOf(kind: TInboxKind, row: InboxRow) {
    const fields: { label: string; value: string }[] = [];
    let screenshots: string[] = [];
    if (kind === 'feedback') {
      const extra = await repo.feedbackExtra(row.id);
      screenshots = (extra?.screen_shot ?? '')
        .split(',')
        .filter((u) => u !== '')
        .map(fileUrls.forUrl);
      fields.push({ label: '联系邮箱', value: row.contact });
    } else if (kind === 'enquiry') {
      const e = await repo.enquiryExtra(row.id);
      if (e) {
        fields.push(
          { label: '类型', value: ENQUIRY_TYPE[e.type] ?? String(e.type) },
          { label: '机构', value: row.organisation },
          ...(e.product ? [{ label: '产品', value: e.product }] : []),
          { label: '姓名', value: row.name },
          { label: '公司', value: e.company },
          { label: '部门', value: e.department },
          { label: '职位', value: e.job },
          { label: '邮箱', value: row.contact },
          { label: '手机', value: e.phone },
          { label: '已通知机构', value: e.mailed_at === null ? '否' : shanghaiMinute(Number(e.mailed_at)) },
        );
      }
    } else {
      fields.push(
        { label: '机构', value: row.organisation },
        { label: '联系人', value: row.name },
        { label: '联系方式', value: row.contact },
      );
    }
    return { fields, screenshots };
  }

  /**
   * The item's workflow changes, oldest first, as the audit log recorded them (`inbox.update`:
   * the changed fields before → after), one entry per field; assignees by name.
   */
  async function changesOf(kind: TInboxKind, id: number): Promise<TInboxChange[]> {
    const { data } = await audit.list({
      page: 1,
      page_size: CHANGES_SHOWN,
      target_type: kind,
      target_id: id,
      action: 'inbox.update',
    });
    const entries = data.reverse().map((e) => ({
      e,
      before: (e.before ?? {}) as Partial<InboxChange>,
      after: (e.after ?? {}) as Partial<InboxChange>,
    }));
    const names = await namesOf(
      entries.flatMap(({ before, after }) => [before.assignee_id ?? null, after.assignee_id ?? null]),
    );
    const assignee = (v: number | null | undefined) =>
      v === null || v === undefined ? '' : (names.get(v) ?? `#${v}`);
    return entries.flatMap(({ e, before, after }) => {
      const base = { id: e.id, admin_id: e.actor_id, admin: e.actor, at: e.at };
      const out: TInboxChange[] = [];
      if ('status' in after) {
        out.push({ ...base, field: 'status', from: String(before.status ?? ''), to: String(after.status) });
      }
      if ('assignee_id' in after) {
        out.push({
          ...base,
          field: 'assignee',
          from: assignee(before.assignee_id),
          to: assignee(after.assignee_id),
        });
      }
      if ('note' in after) {
        out.push({ ...base, field: 'note', from: String(before.note ?? ''), to: String(after.note) });
      }
      return out;
    });
  }

  async function detail(kind: TInboxKind, id: number): Promise<TInboxDetail> {
    const row = await existing(kind, id);
    const [[item], extra, replies, changes] = await Promise.all([
      items(kind, [row]),
      fieldsOf(kind, row),
      repo.replies(kind, id),
      changesOf(kind, id),
    ]);
    const names = await namesOf(replies.map((r) => r.admin_id));
    return {
      ...item!,
      note: row.note,
      ...extra,
      changes,
      history: replies.map((r) => ({
        id: r.id,
        admin_id: r.admin_id,
        admin: names.get(r.admin_id) ?? `#${r.admin_id}`,
        to: r.to_email,
        subject: r.subject,
        body: r.body,
        at: r.created_at,
      })),
    };
  }

  return {
    async list(kind: TInboxKind, q: TInboxListQuery): Promise<TInboxListReply> {
      const { rows, total } = await repo.page(kind, q, q.page_size, (q.page - 1) * q.page_size);
      return { data: await items(kind, rows), total };
    },

    /** Every item the filter selects, a page at a time (the CSV export). */
    async *all(kind: TInboxKind, filter: InboxFilter): AsyncGenerator<TInboxItem & { note: string }> {
      const size = 500;
      for (let offset = 0; ; offset += size) {
        const { rows } = await repo.page(kind, filter, size, offset);
        const out = await items(kind, rows);
        for (const [i, item] of out.entries()) {
          yield { ...item, note: rows[i]!.note };
        }
        if (rows.length < size) {
          return;
        }
      }
    },

    detail,

    async assignees(): Promise<TInboxAssignees> {
      const { rows } = await users.search({ role: Role.admin, status: 1, page: 1, pageSize: 100 });
      return rows.map((u) => ({ id: u.id, name: u.nickname || maskPhone(u.phone) }));
    },

    /** Status, assignee and note at the version the admin loaded; audited with before → after. */
    async update(
      actor: Actor,
      kind: TInboxKind,
      id: number,
      body: z.output<typeof ZInboxUpdate>,
    ): Promise<TInboxDetail> {
      const row = await existing(kind, id);
      if (row.version !== body.version) {
        throw conflict();
      }
      if (body.assignee_id !== undefined && body.assignee_id !== null) {
        if (!(await users.rolesOf(body.assignee_id)).includes(Role.admin)) {
          throw AppError.badRequest(MSG.inboxAssigneeInvalid);
        }
      }
      const wanted: InboxChange = {
        ...(body.status === undefined ? {} : { status: body.status }),
        ...(body.assignee_id === undefined ? {} : { assignee_id: body.assignee_id }),
        ...(body.note === undefined ? {} : { note: body.note }),
      };
      const keys = (Object.keys(wanted) as (keyof InboxChange)[]).filter((key) => wanted[key] !== row[key]);
      if (keys.length === 0) {
        return detail(kind, id);
      }
      const change = Object.fromEntries(keys.map((key) => [key, wanted[key]])) as InboxChange;
      if (!(await repo.change(kind, id, body.version, change, clock.now().getTime()))) {
        throw conflict();
      }
      await audit.record({
        actorId: actor.id,
        action: 'inbox.update',
        targetType: kind,
        targetId: id,
        before: Object.fromEntries(keys.map((key) => [key, row[key]])),
        after: change,
      });
      return detail(kind, id);
    },

    /**
     * Mails the admin's plain-text reply to the item's address, then keeps it with the item and
     * in the audit log. A refused mail stores nothing (the admin sees why and may try again).
     */
    async reply(
      actor: Actor,
      kind: TInboxKind,
      id: number,
      body: z.output<typeof ZInboxReplyRequest>,
    ): Promise<TInboxReply> {
      const row = await existing(kind, id);
      const to = await replyTo(kind, row);
      if (to === '') {
        throw AppError.badRequest(MSG.inboxNoReplyAddress);
      }
      const mail = replyMail({
        kind,
        subject: body.subject,
        body: body.body,
        original: row.content,
        originalAt: shanghaiMinute(row.created_at),
      });
      try {
        await mailer.send({ to, ...mail });
      } catch (err) {
        log.error({ err, kind, item: id }, 'inbox reply mail failed');
        throw new AppError(502, ResultCode.failure, MSG.inboxReplyFailed);
      }
      const at = clock.now().getTime();
      const replyId = await repo.addReply({
        kind,
        item_id: id,
        admin_id: actor.id,
        to_email: to,
        subject: body.subject,
        body: body.body,
        created_at: at,
      });
      await audit.record({
        actorId: actor.id,
        action: 'inbox.reply',
        targetType: kind,
        targetId: id,
        after: { to, subject: body.subject, reply_id: replyId },
      });
      const names = await namesOf([actor.id]);
      return {
        id: replyId,
        admin_id: actor.id,
        admin: names.get(actor.id) ?? '',
        to,
        subject: body.subject,
        body: body.body,
        at,
      };
    },
  };
}
