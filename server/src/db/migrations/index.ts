import type { Migration } from 'kysely';
import * as m2026112201 from './2026112201_users_sessions.ts';
import * as m2026112202 from './2026112202_rate_counters.ts';
import * as m2026112203 from './2026112203_menu_items.ts';
import * as m2026112204 from './2026112204_content.ts';
import * as m2026112205 from './2026112205_search_index.ts';
import * as m2026112206 from './2026112206_detail.ts';
import * as m2026112207 from './2026112207_favorites_notes.ts';
import * as m2026112208 from './2026112208_subscriptions.ts';
import * as m2026112209 from './2026112209_digest.ts';
import * as m2026112210 from './2026112210_organisations.ts';
import * as m2026112211 from './2026112211_account_feedback.ts';
import * as m2026112401 from './2026112401_search_leads.ts';
import * as m2026112501 from './2026112501_audit_log.ts';
import * as m2026112502 from './2026112502_publish_state.ts';
import * as m2026112503 from './2026112503_user_status.ts';
import * as m2026112601 from './2026112601_inbox_workflow.ts';
import * as m2026112602 from './2026112602_admin_organisations_banners.ts';
import * as m2026112603 from './2026112603_feed_sources.ts';
import * as m2026112604 from './2026112604_search_recall.ts';
import * as m2026112605 from './2026112605_analytics_mail.ts';
import * as m2026112606 from './2026112606_site_settings.ts';
import * as m2026112607 from './2026112607_catalogue.ts';
import * as m2026112701 from './2026112701_admin_finish.ts';
import * as m2026112702 from './2026112702_headline_clusters.ts';
import * as m2026112703 from './2026112703_restricted_headlines.ts';
import * as m2026112704 from './2026112704_highlights.ts';
import * as m2026112705 from './2026112705_search_alerts.ts';
import * as m2026112706 from './2026112706_synonyms.ts';
import * as m2026112707 from './2026112707_report_pages.ts';
import * as m2026112803 from './2026112803_user_preferences.ts';
import * as m2026112901 from './2026112901_search_fts_tokens.ts';
import * as m2026112902 from './2026112902_pg_search_counts.ts';
import * as m2026113001 from './2026113001_search_word_stamps.ts';
import * as m2026113002 from './2026113002_search_stamp_order.ts';
import * as m2026113003 from './2026113003_search_topic_bodies.ts';
import * as m2026113004 from './2026113004_pg_search_rank.ts';
import * as m2026120301 from './2026120301_report_meta_edited.ts';

/**
 * Every migration, in order. Append new ones at the end: `YYYYMMDDNN_what.ts` exporting
 * `up` and `down` (typed `MigrationDb`), schema-builder calls that run on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '2026112201_users_sessions': m2026112201,
  '2026112202_rate_counters': m2026112202,
  '2026112203_menu_items': m2026112203,
  '2026112204_content': m2026112204,
  '2026112205_search_index': m2026112205,
  '2026112206_detail': m2026112206,
  '2026112207_favorites_notes': m2026112207,
  '2026112208_subscriptions': m2026112208,
  '2026112209_digest': m2026112209,
  '2026112210_organisations': m2026112210,
  '2026112211_account_feedback': m2026112211,
  '2026112401_search_leads': m2026112401,
  '2026112501_audit_log': m2026112501,
  '2026112502_publish_state': m2026112502,
  '2026112503_user_status': m2026112503,
  '2026112601_inbox_workflow': m2026112601,
  '2026112602_admin_organisations_banners': m2026112602,
  '2026112603_feed_sources': m2026112603,
  '2026112604_search_recall': m2026112604,
  '2026112605_analytics_mail': m2026112605,
  '2026112606_site_settings': m2026112606,
  '2026112607_catalogue': m2026112607,
  '2026112701_admin_finish': m2026112701,
  '2026112702_headline_clusters': m2026112702,
  '2026112703_restricted_headlines': m2026112703,
  '2026112704_highlights': m2026112704,
  '2026112705_search_alerts': m2026112705,
  '2026112706_synonyms': m2026112706,
  '2026112707_report_pages': m2026112707,
  '2026112803_user_preferences': m2026112803,
  '2026112901_search_fts_tokens': m2026112901,
  '2026112902_pg_search_counts': m2026112902,
  '2026113001_search_word_stamps': m2026113001,
  '2026113002_search_stamp_order': m2026113002,
  '2026113003_search_topic_bodies': m2026113003,
  '2026113004_pg_search_rank': m2026113004,
  '2026120301_report_meta_edited': m2026120301,
};
