import type { TInboxKind, TInboxListQuery, TInboxStatus } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { userDirectory } from '../users/user-directory.ts';

/** One inbox row as every kind reads: the sender, what they wrote, and the workflow state. */
export type InboxRow = {
  id: number;
  user_id: number;
  created_at: number;
  name: string;
  phone: string;
  contact: string;
  organisation: string;
  content: string;
  status: TInboxStatus;
  assignee_id: number | null;
  note: string;
  version: number;
  updated_at: number | null;
  replies: number;
};

export type InboxFilter = Pick<TInboxListQuery, 'status' | 'assignee_id' | 'keyword'>;
export type InboxChange = { status?: TInboxStatus; assignee_id?: number | null; note?: string };

/** `%` and `_` typed by an admin are searched for, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SQL of the inboxes. The items themselves belong to their modules (feedback, enquiries,
 * organisation claims) and are only read here, each kind as the same columns; the workflow
 * (`inbox_items`, a row from the first change on) and the replies (`inbox_replies`) are this
 * module's own.
 */
export function createInboxRepo(db: Db) {
  const k = db.kysely;

  const feedbackSource = () =>
    k
      .selectFrom('feedback as f')
      .innerJoin(userDirectory(k).as('u'), 'u.id', 'f.user_id')
      .select([
        'f.id as id',
        'f.user_id as user_id',
        'f.created_at as created_at',
        'u.nickname as name',
        'u.phone as phone',
        'f.email as contact',
        sql<string>`''`.as('organisation'),
        'f.content as content',
      ]);
  type Source = ReturnType<typeof feedbackSource>;

  // Kysely types a query by its tables: the other kinds select the same columns under the same
  // names, so they are typed as the feedback query.
  const sources: Record<TInboxKind, () => Source> = {
    feedback: feedbackSource,
    enquiry: () =>
      k
        .selectFrom('enquiries as e')
        .innerJoin(userDirectory(k).as('u'), 'u.id', 'e.user_id')
        .leftJoin('organisations as o', 'o.id', 'e.organisation_id')
        .select((eb) => [
          'e.id as id',
          'e.user_id as user_id',
          'e.created_at as created_at',
          'e.name as name',
          'u.phone as phone',
          'e.email as contact',
          eb.fn.coalesce('o.name', sql.lit('')).as('organisation'),
          'e.content as content',
        ]) as unknown as Source,
    claim: () =>
      k
        .selectFrom('organisation_claims as c')
        .innerJoin(userDirectory(k).as('u'), 'u.id', 'c.user_id')
        .leftJoin('organisations as o', 'o.id', 'c.organisation_id')
        .select((eb) => [
          'c.id as id',
          'c.user_id as user_id',
          'c.created_at as created_at',
          'c.name as name',
          'u.phone as phone',
          'c.contact as contact',
          eb.fn.coalesce('o.name', sql.lit('')).as('organisation'),
          'c.message as content',
        ]) as unknown as Source,
  };

  /** The kind's items with their workflow state, filtered. */
  const items = (kind: TInboxKind, filter: InboxFilter) => {
    let q = k
      .selectFrom(sources[kind]().as('s'))
      .leftJoin('inbox_items as i', (join) => join.onRef('i.item_id', '=', 's.id').on('i.kind', '=', kind));
    const { status, assignee_id: assignee, keyword } = filter;
    if (status === 'new') {
      q = q.where((eb) => eb.or([eb('i.status', 'is', null), eb('i.status', '=', 'new')]));
    } else if (status) {
      q = q.where('i.status', '=', status);
    }
    if (assignee === 0) {
      q = q.where('i.assignee_id', 'is', null);
    } else if (assignee !== undefined) {
      q = q.where('i.assignee_id', '=', assignee);
    }
    if (keyword) {
      const like = sql<string>`${likePattern(keyword)} ESCAPE '\\'`;
      q = q.where((eb) =>
        eb.or([
          eb('s.content', 'like', like),
          eb('s.name', 'like', like),
          eb('s.contact', 'like', like),
          eb('s.organisation', 'like', like),
        ]),
      );
    }
    return q;
  };

  const rowsOf = (kind: TInboxKind, filter: InboxFilter) =>
    items(kind, filter)
      .selectAll('s')
      .select((eb) => [
        'i.status',
        'i.assignee_id',
        'i.note',
        'i.version',
        'i.updated_at',
        eb
          .selectFrom('inbox_replies as r')
          .select((r) => r.fn.countAll<number | string>().as('n'))
          .whereRef('r.item_id', '=', 's.id')
          .where('r.kind', '=', kind)
          .as('replies'),
      ]);

  const toRow = (r: Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number]): InboxRow => ({
    id: r.id,
    user_id: r.user_id,
    created_at: Number(r.created_at),
    name: r.name,
    phone: r.phone,
    contact: r.contact,
    organisation: r.organisation,
    content: r.content,
    status: (r.status ?? 'new') as TInboxStatus,
    assignee_id: r.assignee_id ?? null,
    note: r.note ?? '',
    version: r.version === null ? 0 : Number(r.version),
    updated_at: r.updated_at === null ? null : Number(r.updated_at),
    replies: Number(r.replies ?? 0),
  });

  return {
    /** One page, newest first. */
    async page(
      kind: TInboxKind,
      filter: InboxFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: InboxRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        rowsOf(kind, filter)
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        items(kind, filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRow), total: Number(count.n) };
    },

    async one(kind: TInboxKind, id: number): Promise<InboxRow | undefined> {
      const row = await rowsOf(kind, {}).where('s.id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /**
     * Applies `change` if the item is still at `version` (0: never changed), adding one to it.
     * False when someone else changed it first: nothing was written.
     */
    async change(
      kind: TInboxKind,
      id: number,
      version: number,
      change: InboxChange,
      now: number,
    ): Promise<boolean> {
      if (version === 0) {
        const inserted = await k
          .insertInto('inbox_items')
          .values({
            kind,
            item_id: id,
            status: change.status ?? 'new',
            assignee_id: change.assignee_id ?? null,
            note: change.note ?? '',
            version: 1,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
          .returning('item_id')
          .executeTakeFirst();
        return inserted !== undefined;
      }
      const updated = await k
        .updateTable('inbox_items')
        .set({ ...change, version: version + 1, updated_at: now })
        .where('kind', '=', kind)
        .where('item_id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async addReply(reply: {
      kind: TInboxKind;
      item_id: number;
      admin_id: number;
      to_email: string;
      subject: string;
      body: string;
      created_at: number;
    }): Promise<number> {
      const row = await k.insertInto('inbox_replies').values(reply).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** An item's replies, oldest first. */
    async replies(kind: TInboxKind, id: number) {
      const rows = await k
        .selectFrom('inbox_replies')
        .selectAll()
        .where('kind', '=', kind)
        .where('item_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
    },

    /** What a feedback carries beyond the shared columns. */
    feedbackExtra(id: number) {
      return k.selectFrom('feedback').select(['screen_shot']).where('id', '=', id).executeTakeFirst();
    },

    /** What an enquiry carries beyond the shared columns. */
    enquiryExtra(id: number) {
      return k
        .selectFrom('enquiries as e')
        .leftJoin('organisation_products as p', 'p.id', 'e.product_id')
        .select([
          'e.type',
          'e.company',
          'e.department',
          'e.job',
          'e.phone',
          'e.mailed_at',
          'p.title as product',
        ])
        .where('e.id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
