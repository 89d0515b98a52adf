import { maskPhone, type TAuditEntry, type TAuditQuery } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { createAuditRepo } from './audit.repo.ts';

export type AuditEntryInput = {
  actorId: number;
  /** `<area>.<verb>`, e.g. `content.unpublish`, `user.disable`. */
  action: string;
  targetType: string;
  targetId: number;
  /** The changed fields as they were; omit (null) for a creation. */
  before?: unknown;
  /** The changed fields as they became; omit (null) for a deletion. */
  after?: unknown;
};

export type AuditLog = ReturnType<typeof createAuditLog>;

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * The back-office audit log: every admin write calls `record` after it succeeded (a failed write
 * changed nothing, so there is nothing to record). Entries are never edited or removed.
 */
export function createAuditLog(db: Db, clock: Clock) {
  const repo = createAuditRepo(db);
  return {
    async record(entry: AuditEntryInput): Promise<void> {
      await repo.insert({
        actor_id: entry.actorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before: json(entry.before),
        after: json(entry.after),
        at: clock.now().getTime(),
      });
    },

    async list(query: TAuditQuery): Promise<{ data: TAuditEntry[]; total: number }> {
      const { rows, total } = await repo.page(
        {
          actorId: query.actor_id,
          targetType: query.target_type,
          targetId: query.target_id,
          action: query.action,
        },
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      const data = rows.map((r) => ({
        id: r.id,
        actor: r.actor_nickname || (r.actor_phone ? maskPhone(r.actor_phone) : `#${r.actor_id}`),
        actor_id: r.actor_id,
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        at: r.at,
        before: parse(r.before),
        after: parse(r.after),
      }));
      return { data, total };
    },
  };
}
