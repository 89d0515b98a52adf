/**
 * Tables whose writes cannot change what the content caches hold — list cards, details and
 * search pages (content.service.ts, search.service.ts): accounts and sessions, per-user state
 * merged in after the cache (favourites), counters (views and downloads: they change a detail's
 * figures within the cache's time to live, never empty it), logs and mail. A write to any other
 * table, including one added later, empties them (db/write-generation.ts `except`).
 */
export const CONTENT_CACHE_IGNORES: readonly string[] = [
  'users',
  'user_roles',
  'sessions',
  'login_codes',
  'login_code_throttle',
  'rate_counters',
  'third_party_identities',
  'wx_login_states',
  'email_codes',
  'email_code_throttle',
  'content_stats',
  'banner_clicks',
  'search_misses',
  'analytics_daily',
  'analytics_queries',
  'user_days',
  'favorite_folders',
  'favorite_items',
  'notes',
  'note_panels',
  'user_subscriptions',
  'user_keywords',
  'search_alerts',
  'user_preferences',
  'digest_runs',
  'digests',
  'digest_cursors',
  'feedback',
  'feedback_uploads',
  'enquiries',
  'organisation_claims',
  'inbox_items',
  'inbox_replies',
  'audit_log',
  'feed_sources',
  'job_leases',
];
