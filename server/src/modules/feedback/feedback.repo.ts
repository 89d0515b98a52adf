import type { Db } from '../../db/database.ts';
import { createUsersRepo } from '../users/users.repo.ts';
import { userDirectory } from '../users/user-directory.ts';

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;

export type UploadRow = { id: number; storage_key: string; url: string };

/** SQL for feedback and its screenshot uploads; user-facing reads are scoped by the user id. */
export function createFeedbackRepo(db: Db) {
  const k = db.kysely;
  const users = createUsersRepo(db);
  return {
    /** The e-mail the form starts with: the account's, else the one of the user's last feedback. */
    async prefillEmail(userId: number): Promise<string> {
      const own = await users.emailOf(userId);
      if (own !== '') {
        return own;
      }
      const last = await k
        .selectFrom('feedback')
        .select('email')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return last?.email ?? '';
    },

    async countUploadsSince(userId: number, since: number): Promise<number> {
      const row = await k
        .selectFrom('feedback_uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async addUpload(upload: {
      user_id: number;
      storage_key: string;
      url: string;
      created_at: number;
    }): Promise<void> {
      await k.insertInto('feedback_uploads').values(upload).execute();
    },

    /**
     * Stores the feedback and marks its screenshots submitted, all or nothing: every URL must be
     * one of the user's own uploads not cited before. Returns the id, or null (nothing stored).
     */
    async submit(feedback: {
      user_id: number;
      content: string;
      email: string;
      urls: readonly string[];
      created_at: number;
    }): Promise<number | null> {
      const { urls, ...row } = feedback;
      return k
        .transaction()
        .execute(async (tx) => {
          const inserted = await tx
            .insertInto('feedback')
            .values({ ...row, screen_shot: urls.join(',') })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (urls.length > 0) {
            const marked = await tx
              .updateTable('feedback_uploads')
              .set({ feedback_id: inserted.id })
              .where('user_id', '=', row.user_id)
              .where('url', 'in', [...urls])
              .where('feedback_id', 'is', null)
              .executeTakeFirst();
            if (Number(marked.numUpdatedRows) !== new Set(urls).size) {
              throw new UnknownScreenshotError();
            }
          }
          return inserted.id;
        })
        .catch((error: unknown) => {
          if (error instanceof UnknownScreenshotError) {
            return null;
          }
          throw error;
        });
    },

    /** Uploads no feedback cites that are older than `before` (oldest first). */
    staleUploads(before: number, limit: number): Promise<UploadRow[]> {
      return k
        .selectFrom('feedback_uploads')
        .select(['id', 'storage_key', 'url'])
        .where('feedback_id', 'is', null)
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async deleteUpload(id: number): Promise<void> {
      await k.deleteFrom('feedback_uploads').where('id', '=', id).where('feedback_id', 'is', null).execute();
    },

    /** The admin inbox: newest first, with the sender's phone and nickname. */
    inbox(page: number, pageSize: number) {
      return k
        .selectFrom('feedback')
        .innerJoin(userDirectory(k).as('u'), 'u.id', 'feedback.user_id')
        .select([
          'feedback.id',
          'feedback.user_id',
          'feedback.content',
          'feedback.email',
          'feedback.screen_shot',
          'feedback.created_at',
          'u.phone',
          'u.nickname',
        ])
        .orderBy('feedback.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
    },

    async countAll(): Promise<number> {
      const row = await k
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Rolls the submit transaction back when a cited screenshot is not the user's pending upload. */
class UnknownScreenshotError extends Error {}
