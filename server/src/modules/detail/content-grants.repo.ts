import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The content types that can be restricted: insight topics and headlines (spec §6's 1001). */
export type GrantKind = 'insight' | 'business';
export type ContentGrantsRepo = ReturnType<typeof createContentGrantsRepo>;

/** Each kind's flag lives on its content row; its grants in a table of its own (foreign keys cascade). */
const TABLES = {
  insight: { content: 'analyses', grants: 'analysis_grants', key: 'analysis_id' },
  business: { content: 'headlines', grants: 'headline_grants', key: 'headline_id' },
} as const satisfies Record<GrantKind, { content: string; grants: string; key: string }>;

/**
 * Who may open a restricted item of one kind: every statement on its grants table, and the
 * item's `restricted` flag that makes the grants matter. The detail page asks `isGranted`; the
 * back-office grants, revokes and flips the flag. Both kinds share this code, so a restricted
 * headline behaves exactly as a restricted insight topic.
 */
export function createContentGrantsRepo(db: Db, kind: GrantKind) {
  const k = db.kysely;
  const t = TABLES[kind];
  const grants = sql.table(t.grants);
  const key = sql.ref(t.key);
  const changed = (n: bigint | undefined) => Number(n ?? 0) > 0;
  return {
    kind,

    async isGranted(contentId: number, userId: number): Promise<boolean> {
      const { rows } =
        await sql`SELECT user_id FROM ${grants} WHERE ${key} = ${contentId} AND user_id = ${userId}`.execute(
          k,
        );
      return rows.length > 0;
    },

    /** true when the grant is new. */
    async grant(contentId: number, userId: number, now: number): Promise<boolean> {
      const result =
        await sql`INSERT INTO ${grants} (${key}, user_id, created_at) VALUES (${contentId}, ${userId}, ${now}) ON CONFLICT DO NOTHING`.execute(
          k,
        );
      return changed(result.numAffectedRows);
    },

    /** true when a grant was removed. */
    async revoke(contentId: number, userId: number): Promise<boolean> {
      const result =
        await sql`DELETE FROM ${grants} WHERE ${key} = ${contentId} AND user_id = ${userId}`.execute(k);
      return changed(result.numAffectedRows);
    },

    /** The item's grants, oldest first. */
    async grantsOf(contentId: number): Promise<{ user_id: number; created_at: number }[]> {
      const { rows } = await sql<{
        user_id: number;
        created_at: number | string;
      }>`SELECT user_id, created_at FROM ${grants} WHERE ${key} = ${contentId} ORDER BY created_at, user_id`.execute(
        k,
      );
      return rows.map((r) => ({ user_id: Number(r.user_id), created_at: Number(r.created_at) }));
    },

    /** The restricted items of this kind a user was granted, with their titles. */
    async grantedTo(userId: number): Promise<{ id: number; title: string }[]> {
      const { rows } = await sql<{
        id: number;
        title: string;
      }>`SELECT c.id, c.title FROM ${grants} g JOIN ${sql.table(t.content)} c ON c.id = g.${key} WHERE g.user_id = ${userId} ORDER BY c.id`.execute(
        k,
      );
      return rows.map((r) => ({ id: Number(r.id), title: r.title }));
    },

    /** The item's title and restricted flag, or undefined when there is no such item. */
    async access(contentId: number): Promise<{ id: number; title: string; restricted: number } | undefined> {
      const { rows } = await sql<{
        id: number;
        title: string;
        restricted: number;
      }>`SELECT id, title, restricted FROM ${sql.table(t.content)} WHERE id = ${contentId}`.execute(k);
      const row = rows[0];
      return row && { id: Number(row.id), title: row.title, restricted: Number(row.restricted) };
    },

    async setRestricted(contentId: number, restricted: number): Promise<void> {
      await sql`UPDATE ${sql.table(t.content)} SET restricted = ${restricted} WHERE id = ${contentId}`.execute(
        k,
      );
    },
  };
}
