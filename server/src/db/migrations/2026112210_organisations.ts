import { type MigrationDb, withId } from './helpers.ts';

/**
 * Organisations (issue 7): the rest of an organisation's page (introduction, social accounts,
 * the address enquiries are mailed to), its products with their images and videos, the
 * product's related content (type 1 a report, type 2 a video page with a rich-text body),
 * each user's authorization consent per organisation (`is_authorize`) and the enquiries
 * readers send. `enquiries.submission_key` is unique per user so a double-click stores one row.
 */
export async function up(db: MigrationDb): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('organisations')
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  /** JSON list of {name, url}. */
  await db.schema
    .alterTable('organisations')
    .addColumn('social_accounts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  /** Where enquiries are e-mailed; empty = stored only. */
  await db.schema
    .alterTable('organisations')
    .addColumn('contact_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('organisations')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('organisation_products'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover_key', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    /** Sanitised HTML (headline rules). */
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('organisation_products_org_idx')
    .on('organisation_products')
    .columns(['organisation_id', 'sort', 'id'])
    .execute();

  await db.schema
    .createTable('product_media')
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('organisation_products.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    /** 1 image, 2 video (spec §3 "meterials"). */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    /** A video's poster image (storage key); empty for images. */
    .addColumn('poster_key', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('product_media_pk', ['product_id', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('product_contents'))
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('organisation_products.id').onDelete('cascade'),
    )
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    /** 1 report (report_id set; the report page shows it), 2 video (the relation page shows it). */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('cascade'))
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('cover_key', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('video_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('video_duration', 'integer', (c) => c.notNull().defaultTo(0))
    /** Sanitised HTML (headline rules). */
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('authorization_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_contents_product_idx')
    .on('product_contents')
    .columns(['product_id', 'published_at'])
    .execute();
  await db.schema
    .createIndex('product_contents_org_idx')
    .on('product_contents')
    .columns(['organisation_id', 'published_at'])
    .execute();

  await db.schema
    .createTable('organisation_authorizations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('organisation_authorizations_pk', ['user_id', 'organisation_id'])
    .execute();

  await withId(db, db.schema.createTable('enquiries'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.references('organisation_products.id').onDelete('set null'))
    /** 1 more information (consent ticked), 2 contact. */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('platform', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(100)', (c) => c.notNull())
    .addColumn('department', 'varchar(100)', (c) => c.notNull())
    .addColumn('job', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('consent', 'integer', (c) => c.notNull().defaultTo(0))
    /** The client's submission id, or a hash of the form when a client sends none. */
    .addColumn('submission_key', 'varchar(100)', (c) => c.notNull())
    /** Set once the organisation's contact address accepted the notification. */
    .addColumn('mailed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('enquiries_submission_uq', ['user_id', 'submission_key'])
    .execute();
  await db.schema
    .createIndex('enquiries_org_idx')
    .on('enquiries')
    .columns(['organisation_id', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'enquiries',
    'organisation_authorizations',
    'product_contents',
    'product_media',
    'organisation_products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['sort', 'contact_email', 'social_accounts', 'introduction']) {
    await db.schema.alterTable('organisations').dropColumn(column).execute();
  }
}
