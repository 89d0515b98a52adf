import type { MigrationDb } from './helpers.ts';

/**
 * Back-office user management (issue 16):
 * - `status`: 1 active, 0 disabled — a disabled user has no live session and cannot log in.
 * - `disabled_at`: when an admin disabled the account (null while active).
 * - `last_active_at`: the last authenticated request, written at most once an hour per user.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('last_active_at', 'bigint').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_active_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('status').execute();
}
