import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The users table as other modules may read it inside their own queries (lists that name people,
 * the digest's subscriber scan): the columns they need as a derived table, joined `.as('u')`.
 * Read-only by construction; PostgreSQL and SQLite flatten it into the outer query, so it costs
 * what a plain join cost. Every write goes through users.service.ts.
 */
export function userDirectory(k: Kysely<Database>) {
  return k.selectFrom('users').select(['id', 'phone', 'nickname', 'email', 'status', 'disabled_at']);
}
