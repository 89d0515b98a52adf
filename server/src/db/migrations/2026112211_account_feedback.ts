import type { MigrationDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Account settings, feedback and third-party sign-in (issue 8).
 * - `feedback`: what users sent, for the admin inbox.
 * - `feedback_uploads`: every screenshot stored for a user; `feedback_id` is set when a
 *   feedback cites it, and uploads never cited are removed after a grace period.
 * - `third_party_identities`: a WeChat or SSO account, bound to a portal user once a phone
 *   is verified (`user_id` null until then; `bind_ticket_hash` proves the binder saw the
 *   verified sign-in).
 * - `wx_login_states`: the `state` of a WeChat QR login, so a callback can only finish a
 *   login this portal started, and the waiting page can collect it once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('feedback'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('screen_shot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_created_idx').on('feedback').columns(['created_at']).execute();

  await withId(db, db.schema.createTable('feedback_uploads'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(512)', (c) => c.notNull().unique())
    .addColumn('url', 'varchar(600)', (c) => c.notNull().unique())
    .addColumn('feedback_id', 'integer', (c) => c.references('feedback.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_uploads_pending_idx')
    .on('feedback_uploads')
    .columns(['feedback_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('third_party_identities'))
    /** 'wechat' or 'sso'. */
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    /** WeChat openid, or `<uc_toolid>:<uc_userid>` for the SSO. */
    .addColumn('external_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('union_id', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('bind_ticket_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint', (c) => c.notNull())
    .addColumn('bound_at', 'bigint')
    .addUniqueConstraint('third_party_identities_uq', ['provider', 'external_id'])
    .execute();

  await db.schema
    .createTable('wx_login_states')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    /** 'open' (website QR) or 'official' (official-account QR). */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    /** SHA-256 of the poll key only the page that asked for the QR holds (the state is visible in the QR). */
    .addColumn('poll_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    /** Set when WeChat called back: the identity that signed in. */
    .addColumn('identity_id', 'integer', (c) => c.references('third_party_identities.id').onDelete('cascade'))
    /** Set when the waiting page collected the result; a state is collected once. */
    .addColumn('collected_at', 'bigint')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wx_login_states').execute();
  await db.schema.dropTable('third_party_identities').execute();
  await db.schema.dropTable('feedback_uploads').execute();
  await db.schema.dropTable('feedback').execute();
}
