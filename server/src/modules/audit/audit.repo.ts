import type { Db } from '../../db/database.ts';
import { userDirectory } from '../users/user-directory.ts';

export type AuditRow = {
  id: number;
  actor_id: number;
  actor_nickname: string | null;
  actor_phone: string | null;
  action: string;
  target_type: string;
  target_id: number;
  before: string | null;
  after: string | null;
  at: number;
};

export type AuditFilter = { actorId?: number; targetType?: string; targetId?: number; action?: string };

/** SQL of the append-only `audit_log`: an insert and a filtered, paged read; no update, no delete. */
export function createAuditRepo(db: Db) {
  const filtered = (f: AuditFilter) => {
    let q = db.kysely.selectFrom('audit_log');
    if (f.actorId !== undefined) {
      q = q.where('audit_log.actor_id', '=', f.actorId);
    }
    if (f.targetType) {
      q = q.where('audit_log.target_type', '=', f.targetType);
    }
    if (f.targetId !== undefined) {
      q = q.where('audit_log.target_id', '=', f.targetId);
    }
    if (f.action) {
      q = q.where('audit_log.action', '=', f.action);
    }
    return q;
  };

  return {
    async insert(row: Omit<AuditRow, 'id' | 'actor_nickname' | 'actor_phone'>): Promise<void> {
      await db.kysely.insertInto('audit_log').values(row).execute();
    },

    async page(
      filter: AuditFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(filter)
          // The actor's current name; the id stays the record of who it was.
          .leftJoin(userDirectory(db.kysely).as('u'), 'u.id', 'audit_log.actor_id')
          .select([
            'audit_log.id',
            'audit_log.actor_id',
            'u.nickname as actor_nickname',
            'u.phone as actor_phone',
            'audit_log.action',
            'audit_log.target_type',
            'audit_log.target_id',
            'audit_log.before',
            'audit_log.after',
            'audit_log.at',
          ])
          .orderBy('audit_log.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, at: Number(r.at) })), total: Number(count.n) };
    },
  };
}
