import { type MigrationDb, withId } from './helpers.ts';

/**
 * Keyword subscriptions (issue 6): the company-type / industry / recommended-keyword catalogue,
 * each user's subscription state and keywords, and the e-mail change codes. The receiving
 * e-mail is `users.email`; the onboarding flags are `users.company_type_status` / `keyword_status`.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('company_types'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    /** 1: choosing this type also requires an industry (the brand-owner type 品牌方). */
    .addColumn('requires_industry', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('industries'))
    .addColumn('company_type_id', 'integer', (c) =>
      c.notNull().references('company_types.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('industries_type_idx').on('industries').column('company_type_id').execute();

  await withId(db, db.schema.createTable('subscription_keywords'))
    .addColumn('keyword', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('user_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_type_id', 'integer', (c) => c.references('company_types.id').onDelete('set null'))
    .addColumn('industry_id', 'integer', (c) => c.references('industries.id').onDelete('set null'))
    .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unsubscribed_at', 'bigint')
    .addColumn('unsubscribe_from', 'varchar(50)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_keywords')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('keyword', 'varchar(50)', (c) => c.notNull())
    .addColumn('custom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_keywords_pk', ['user_id', 'keyword'])
    .execute();
  await db.schema.createIndex('user_keywords_keyword_idx').on('user_keywords').column('keyword').execute();

  // E-mail change codes, like login_codes but per user and bound to the address they went to.
  await withId(db, db.schema.createTable('email_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_codes_user_sent_idx')
    .on('email_codes')
    .columns(['user_id', 'sent_at'])
    .execute();

  /** One row per user: when their last e-mail code went out (the atomic resend gate). */
  await db.schema
    .createTable('email_code_throttle')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('email_code_throttle').execute();
  await db.schema.dropTable('email_codes').execute();
  await db.schema.dropTable('user_keywords').execute();
  await db.schema.dropTable('user_subscriptions').execute();
  await db.schema.dropTable('subscription_keywords').execute();
  await db.schema.dropTable('industries').execute();
  await db.schema.dropTable('company_types').execute();
}
