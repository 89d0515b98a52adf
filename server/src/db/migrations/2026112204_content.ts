import { type MigrationDb, withId } from './helpers.ts';

/**
 * Content (spec §3): organisations (minimal; issue 7 extends them), reports with their pages
 * and companies, headlines, analyses (insight topics), materials, banners and their clicks,
 * engagement counters per content item, and zero-result search keywords for the admin.
 * Long text is `text`; JSON lists are `text` holding JSON (same on both databases).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('organisations'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('logo_key', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    /** 0 = joined (入驻), 1 = not joined. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_certification', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('official_website', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('reports'))
    .addColumn('content_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('industry', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('pdf_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('material_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_published_idx').on('reports').column('published_at').execute();

  await db.schema
    .createTable('report_pages')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('report_pages_pk', ['report_id', 'page_no'])
    .execute();

  await db.schema
    .createTable('report_companies')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    /** 0 = joined (the company page opens), other = not joined (此机构暂未入驻). */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_companies_pk', ['report_id', 'organisation_id'])
    .execute();
  await db.schema
    .createIndex('report_companies_org_idx')
    .on('report_companies')
    .columns(['organisation_id', 'report_id'])
    .execute();

  await withId(db, db.schema.createTable('headlines'))
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** Sanitised on write (headline-html.ts). */
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('headlines_published_idx').on('headlines').column('published_at').execute();

  await withId(db, db.schema.createTable('analyses'))
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('creator', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_key', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    /** The menu's category slug: industry, brand, competitor, … */
    .addColumn('anal_type', 'varchar(50)', (c) => c.notNull())
    /** Viewer: tableau, quickbi, powerbi, excel, word, pdf, baidu_ai. */
    .addColumn('anal_data_ext', 'varchar(50)', (c) => c.notNull())
    .addColumn('anal_data_info', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('quote_data_info', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analyses_type_idx')
    .on('analyses')
    .columns(['anal_type', 'published_at'])
    .execute();

  await withId(db, db.schema.createTable('materials'))
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    /** image or video */
    .addColumn('material_type', 'varchar(20)', (c) => c.notNull())
    /** The image, or the video poster. */
    .addColumn('image_key', 'varchar(512)', (c) => c.notNull())
    /** The video file (storage key or URL); empty for images or when no file is kept. */
    .addColumn('video_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('video_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('open_screen_type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('mockup_type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_brand', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_brand', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('person_star', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('style_type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('first_exposure_at', 'bigint')
    .addColumn('channel', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_have_activity', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON list of {detail_id, title}: the analyses that cite this material. */
    .addColumn('analysis_info', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('banners'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('image_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('redirect_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('banner_clicks'))
    .addColumn('banner_id', 'integer', (c) => c.notNull().references('banners.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('clicked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('banner_clicks_banner_idx')
    .on('banner_clicks')
    .columns(['banner_id', 'clicked_at'])
    .execute();

  await db.schema
    .createTable('content_stats')
    /** The search doc type: report, business, insight, material. */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorites', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('useful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_stats_pk', ['content_type', 'content_id'])
    .execute();

  await db.schema
    .createTable('search_misses')
    .addColumn('keyword', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'search_misses',
    'content_stats',
    'banner_clicks',
    'banners',
    'materials',
    'analyses',
    'headlines',
    'report_companies',
    'report_pages',
    'reports',
    'organisations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
