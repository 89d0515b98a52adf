import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EnquiriesTable } from '../../db/schema.ts';

export type EnquiryRow = Selectable<EnquiriesTable>;
export type NewEnquiry = Insertable<EnquiriesTable>;
export type EnquiriesRepo = ReturnType<typeof createEnquiriesRepo>;

/** Enquiries sent to organisations; one row per (user, submission key). */
export function createEnquiriesRepo(db: Db) {
  const k = db.kysely;
  return {
    /**
     * Stores the enquiry unless this user already sent this submission key. The unique
     * constraint decides, so two requests racing (a double click, a retry) store one row.
     */
    async insertOnce(row: NewEnquiry): Promise<{ id: number; created: boolean }> {
      const inserted = await k
        .insertInto('enquiries')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'submission_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        return { id: inserted.id, created: true };
      }
      const existing = await k
        .selectFrom('enquiries')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('submission_key', '=', row.submission_key)
        .executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    },

    /** The enquiry this user already stored under `submissionKey`, if any (a retry). */
    async idOfSubmission(userId: number, submissionKey: string): Promise<number | undefined> {
      const row = await k
        .selectFrom('enquiries')
        .select('id')
        .where('user_id', '=', userId)
        .where('submission_key', '=', submissionKey)
        .executeTakeFirst();
      return row?.id;
    },

    async markMailed(id: number, at: number): Promise<void> {
      await k.updateTable('enquiries').set({ mailed_at: at }).where('id', '=', id).execute();
    },

    /** The user's newest enquiry (the form's prefill). */
    latestOf(userId: number): Promise<EnquiryRow | undefined> {
      return k
        .selectFrom('enquiries')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** An organisation's enquiries, newest first (the back-office inbox). */
    ofOrganisation(organisationId: number, offset: number, limit: number): Promise<EnquiryRow[]> {
      return k
        .selectFrom('enquiries')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
