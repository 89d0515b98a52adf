import type { Db } from '../../db/database.ts';
import { createUsersRepo } from '../users/users.repo.ts';

/**
 * Test data for the digest: users through their owner (modules/users), subscriptions straight to
 * the tables (the subscription pages are another module's).
 */
let nextPhone = 13900000000;

export async function addSubscriber(
  db: Db,
  {
    email,
    keywords,
    subscribed = 1,
    now,
    roles = [1],
  }: {
    email: string;
    keywords: (string | { keyword: string; shown: 0 | 1 })[];
    subscribed?: 0 | 1;
    now: number;
    roles?: number[];
  },
): Promise<{ id: number; phone: string }> {
  const phone = String(nextPhone++);
  const user = await createUsersRepo(db).ensureUser({
    phone,
    nickname: `订阅者${phone.slice(-4)}`,
    email,
    created_at: now,
    last_login_at: null,
    company_type_status: 1,
    keyword_status: 1,
    roles,
  });
  await db.kysely
    .insertInto('user_subscriptions')
    .values({
      user_id: user.id,
      company_type_id: null,
      industry_id: null,
      subscribed,
      unsubscribed_at: null,
      unsubscribe_from: null,
      updated_at: now,
    })
    .execute();
  if (keywords.length > 0) {
    await db.kysely
      .insertInto('user_keywords')
      .values(
        keywords.map((k, sort) => ({
          user_id: user.id,
          keyword: typeof k === 'string' ? k : k.keyword,
          shown: typeof k === 'string' ? 1 : k.shown,
          custom: 0,
          sort,
          created_at: now,
        })),
      )
      .execute();
  }
  return { id: user.id, phone };
}

export async function addHeadline(
  db: Db,
  h: {
    title: string;
    description?: string;
    content?: string;
    source_name?: string;
    published_at: number;
    created_at?: number;
  },
): Promise<number> {
  const row = await db.kysely
    .insertInto('headlines')
    .values({
      title: h.title,
      description: h.description ?? '',
      content: h.content ?? `<p>${h.title}</p>`,
      source_name: h.source_name ?? '商业头条',
      published_at: h.published_at,
      created_at: h.created_at ?? h.published_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
