import { type MigrationDb, withId } from './helpers.ts';

/** Accounts: users with their roles, login sessions, SMS login codes and the resend gate. */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(320)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_type_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('keyword_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('login_codes'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('login_codes_phone_sent_idx')
    .on('login_codes')
    .columns(['phone', 'sent_at'])
    .execute();

  await db.schema
    .createTable('login_code_throttle')
    .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('login_code_throttle').execute();
  await db.schema.dropTable('login_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('users').execute();
}
