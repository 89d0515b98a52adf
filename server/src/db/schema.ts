import type { Generated } from 'kysely';

/**
 * Kysely table types. Conventions (both dialects): ids are auto-increment integers, times are
 * epoch milliseconds in `bigint` columns named `*_at` (read back as numbers), flags are 0/1 integers.
 */
export type Database = {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_codes: LoginCodesTable;
  login_code_throttle: LoginCodeThrottleTable;
  rate_counters: RateCountersTable;
  menu_items: MenuItemsTable;
  site_settings: SiteSettingsTable;
  organisations: OrganisationsTable;
  organisation_products: OrganisationProductsTable;
  product_media: ProductMediaTable;
  product_contents: ProductContentsTable;
  organisation_authorizations: OrganisationAuthorizationsTable;
  enquiries: EnquiriesTable;
  organisation_claims: OrganisationClaimsTable;
  inbox_items: InboxItemsTable;
  inbox_replies: InboxRepliesTable;
  reports: ReportsTable;
  report_pages: ReportPagesTable;
  report_companies: ReportCompaniesTable;
  headlines: HeadlinesTable;
  analyses: AnalysesTable;
  materials: MaterialsTable;
  banners: BannersTable;
  banner_clicks: BannerClicksTable;
  content_stats: ContentStatsTable;
  search_misses: SearchMissesTable;
  analysis_grants: AnalysisGrantsTable;
  headline_grants: HeadlineGrantsTable;
  usefulness_marks: UsefulnessMarksTable;
  insight_shortcuts: InsightShortcutsTable;
  company_types: CompanyTypesTable;
  industries: IndustriesTable;
  subscription_keywords: SubscriptionKeywordsTable;
  catalogue_reindex: CatalogueReindexTable;
  synonym_groups: SynonymGroupsTable;
  user_subscriptions: UserSubscriptionsTable;
  user_keywords: UserKeywordsTable;
  search_alerts: SearchAlertsTable;
  user_preferences: UserPreferencesTable;
  email_codes: EmailCodesTable;
  email_code_throttle: EmailCodeThrottleTable;
  digest_runs: DigestRunsTable;
  digests: DigestsTable;
  digest_cursors: DigestCursorsTable;
  feedback: FeedbackTable;
  feedback_uploads: FeedbackUploadsTable;
  third_party_identities: ThirdPartyIdentitiesTable;
  wx_login_states: WxLoginStatesTable;
  favorite_folders: FavoriteFoldersTable;
  favorite_items: FavoriteItemsTable;
  notes: NotesTable;
  note_panels: NotePanelsTable;
  audit_log: AuditLogTable;
  feed_sources: FeedSourcesTable;
  feed_items: FeedItemsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_queries: AnalyticsQueriesTable;
  user_days: UserDaysTable;
  job_leases: JobLeasesTable;
};

export type UsersTable = {
  id: Generated<number>;
  phone: string;
  nickname: string;
  avatar: Generated<string>;
  email: Generated<string>;
  /** 1 once the user chose a company type (onboarding step 1). */
  company_type_status: Generated<number>;
  /** 1 once the user saved keyword subscriptions (onboarding step 2). */
  keyword_status: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  /** 1 when the user's report company links may open organisation pages (spec §6). */
  organ_detail_menu: Generated<number>;
  /** 1 active, 0 disabled by an admin (no session, no login). */
  status: Generated<number>;
  disabled_at: number | null;
  /** The last authenticated request, kept to the hour. */
  last_active_at: number | null;
};

export type UserRolesTable = { user_id: number; role: number };

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

/** Every login code sent, newest last. Only the newest unused, unrevoked one per phone can log in. */
export type LoginCodesTable = {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  wrong_tries: Generated<number>;
  used_at: number | null;
  /** Set when a newer code replaced this one. */
  revoked_at: number | null;
};

/** One row per phone: when its last code went out. The atomic gate for the resend interval. */
export type LoginCodeThrottleTable = { phone: string; last_sent_at: number };

/** Fixed-window counters shared by all app nodes (key like `ip:1.2.3.4`). */
export type RateCountersTable = { key: string; window_start: number; count: number };

export type MenuItemsTable = {
  id: Generated<number>;
  parent_id: number | null;
  key: string;
  title: string;
  path: string;
  icon: string | null;
  sort_order: number;
  /** 1 shown in GET /api/menu, 0 hidden (migration 2026112606_site_settings). */
  enabled: Generated<number>;
  version: Generated<number>;
};

/** Settings the back-office edits (`theme`), JSON per key (migration 2026112606_site_settings). */
export type SiteSettingsTable = {
  key: string;
  value: string;
  version: number;
  updated_at: number;
};

/** An organisation's page (migrations 2026112204_content and 2026112210_organisations). */
export type OrganisationsTable = {
  id: Generated<number>;
  name: string;
  logo_key: Generated<string>;
  /** 0 = joined (入驻), 1 = not joined. */
  status: Generated<number>;
  is_certification: Generated<number>;
  official_website: Generated<string>;
  created_at: number;
  introduction: Generated<string>;
  /** JSON list of {name, url}. */
  social_accounts: Generated<string>;
  /** Where enquiries are e-mailed; empty = stored only. */
  contact_email: Generated<string>;
  sort: Generated<number>;
} & VersionColumns;

/** Optimistic concurrency of a back-office row (migration 2026112602): +1 on every admin write. */
export type VersionColumns = {
  version: Generated<number>;
  updated_at: Generated<number>;
};

export type OrganisationProductsTable = {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  cover_key: Generated<string>;
  /** Sanitised HTML. */
  content: Generated<string>;
  sort: Generated<number>;
  published_at: number;
  created_at: number;
} & VersionColumns;

/** A product's images (type 1) and videos (type 2), in `sort` order. */
export type ProductMediaTable = {
  product_id: number;
  sort: number;
  type: number;
  url: string;
  poster_key: Generated<string>;
};

/** A product's related content: type 1 a report (`report_id`), type 2 a video page. */
export type ProductContentsTable = {
  id: Generated<number>;
  product_id: number;
  organisation_id: number;
  type: number;
  report_id: number | null;
  title: string;
  cover_key: Generated<string>;
  video_url: Generated<string>;
  video_duration: Generated<number>;
  /** Sanitised HTML. */
  content: Generated<string>;
  authorization_required: Generated<number>;
  published_at: number;
  created_at: number;
};

/** A user's authorization consent for one organisation (`is_authorize` 1). */
export type OrganisationAuthorizationsTable = {
  user_id: number;
  organisation_id: number;
  created_at: number;
};

export type EnquiriesTable = {
  id: Generated<number>;
  user_id: number;
  organisation_id: number;
  product_id: number | null;
  type: number;
  platform: Generated<string>;
  company: string;
  department: string;
  job: string;
  name: string;
  email: string;
  phone: Generated<string>;
  content: Generated<string>;
  consent: Generated<number>;
  submission_key: string;
  mailed_at: number | null;
  created_at: number;
};

/** Publish state of a content row (migration 2026112502): users see `published` rows only. */
export type PublishColumns = {
  /** draft | published | unpublished */
  status: Generated<string>;
  /** Adds one on every admin write; a save naming an older version is refused. */
  version: Generated<number>;
  updated_at: Generated<number>;
};

export type ReportsTable = {
  id: Generated<number>;
  /** Stable external id: the demo slug or an import's upload id. */
  content_id: string;
  title: string;
  description: Generated<string>;
  cover_key: string;
  source_type: Generated<string>;
  industry: Generated<string>;
  /** JSON list of keywords (the hit's `tag`). */
  keywords: Generated<string>;
  pdf_key: string;
  page_count: number;
  material_url: Generated<string>;
  published_at: number;
  created_at: number;
  /** The first substantial paragraphs after the cover and contents (report-metadata.ts). */
  abstract: Generated<string>;
  /** JSON list of `{title, page, level}`: the PDF's outline, else headings found in the text. */
  toc: Generated<string>;
  /** JSON list of catalogue keywords the text names most, beyond `keywords`. */
  auto_tags: Generated<string>;
  /** REPORT_META_VERSION when abstract, toc and auto_tags were computed; lower: backfill pending. */
  meta_version: Generated<number>;
  /** Bits of META_EDITED (report-metadata.ts): the fields above an editor rewrote, which the backfill keeps. */
  meta_edited: Generated<number>;
} & PublishColumns;

export type ReportPagesTable = {
  report_id: number;
  page_no: number;
  image_key: string;
  width: Generated<number>;
  height: Generated<number>;
  text: Generated<string>;
};

export type ReportCompaniesTable = {
  report_id: number;
  organisation_id: number;
  /** 0 = joined, other = not joined. */
  status: Generated<number>;
  /** Order of the report's companies; the first is its publisher. */
  position: Generated<number>;
};

export type HeadlinesTable = {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** Sanitised HTML. */
  content: Generated<string>;
  source_name: Generated<string>;
  source_url: Generated<string>;
  /** The card's cover, uploaded in the back-office; '' = none. */
  cover_key: Generated<string>;
  /** 1: only admins and users with a `headline_grants` row may read it (others get 1001). */
  restricted: Generated<number>;
  /** SimHash of title and summary (modules/headline-clusters); null until computed. */
  simhash: string | null;
  /** The first headline of the same story (its own id when it is the first); null until computed. */
  cluster_id: number | null;
  published_at: number;
  created_at: number;
} & PublishColumns;

export type AnalysesTable = {
  id: Generated<number>;
  title: string;
  target: Generated<string>;
  creator: Generated<string>;
  description: Generated<string>;
  cover_key: Generated<string>;
  anal_type: string;
  anal_data_ext: string;
  /** JSON object: url, work_book, tab_visible, tool_bar_visible … */
  anal_data_info: Generated<string>;
  /** JSON list of related files: title, create_time, url, ext. */
  quote_data_info: Generated<string>;
  /** 1: only admins and users with an `analysis_grants` row may view it (others get 1001). */
  restricted: Generated<number>;
  published_at: number;
  created_at: number;
} & PublishColumns;

export type MaterialsTable = {
  id: Generated<number>;
  title: string;
  material_type: string;
  image_key: string;
  video_url: Generated<string>;
  video_duration: Generated<number>;
  category: Generated<string>;
  open_screen_type: Generated<string>;
  mockup_type: Generated<string>;
  parent_brand: Generated<string>;
  product_brand: Generated<string>;
  person_type: Generated<string>;
  person_star: Generated<string>;
  style_type: Generated<string>;
  first_exposure_at: number | null;
  channel: Generated<string>;
  is_have_activity: Generated<number>;
  /** JSON list of {detail_id, title}. */
  analysis_info: Generated<string>;
  published_at: number;
  created_at: number;
} & PublishColumns;

export type BannersTable = {
  id: Generated<number>;
  title: string;
  image_key: string;
  redirect_url: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<number>;
  created_at: number;
  /** The schedule (epoch ms, null = open-ended): the home carousel shows the banner within it. */
  starts_at: Generated<number | null>;
  ends_at: Generated<number | null>;
} & VersionColumns;

export type BannerClicksTable = {
  id: Generated<number>;
  banner_id: number;
  user_id: number | null;
  clicked_at: number;
};

export type ContentStatsTable = {
  content_type: string;
  content_id: number;
  views: Generated<number>;
  downloads: Generated<number>;
  favorites: Generated<number>;
  useful: Generated<number>;
  updated_at: number;
};

export type SearchMissesTable = { keyword: string; count: number; last_at: number };

/** Who may view a restricted analysis besides admins. */
export type AnalysisGrantsTable = { analysis_id: number; user_id: number; created_at: number };

/** Who may read a restricted headline besides admins. */
export type HeadlineGrantsTable = { headline_id: number; user_id: number; created_at: number };

/** A user's 有用 mark on one item; `content_stats.useful` counts them. */
export type UsefulnessMarksTable = {
  user_id: number;
  content_type: string;
  content_id: number;
  created_at: number;
};

/** A user's sidebar shortcut to an insight topic. */
export type InsightShortcutsTable = { user_id: number; analysis_id: number; created_at: number };

/** Company types offered in onboarding; `requires_industry` 1 for the brand-owner type 品牌方. */
export type CompanyTypesTable = {
  id: Generated<number>;
  name: string;
  requires_industry: Generated<number>;
  sort: Generated<number>;
  /** +1 on each admin edit (2026112607_catalogue). */
  version: Generated<number>;
};

export type IndustriesTable = {
  id: Generated<number>;
  company_type_id: number;
  name: string;
  sort: Generated<number>;
  /** +1 on each admin edit (2026112607_catalogue). */
  version: Generated<number>;
};

/** The recommended-keyword catalogue. */
export type SubscriptionKeywordsTable = {
  id: Generated<number>;
  keyword: string;
  sort: Generated<number>;
  enabled: Generated<number>;
  /** +1 on each admin edit (2026112607_catalogue). */
  version: Generated<number>;
};

/** Search synonym groups (2026112706_synonyms): `words` is a JSON array of the members. */
export type SynonymGroupsTable = {
  id: Generated<number>;
  words: string;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
};

/** One row (id 1): documents queued by the current re-index after a keyword change (2026112607). */
export type CatalogueReindexTable = { id: number; queued: number; updated_at: number };

/** One row per user who saved a company type or subscription. `subscribed` 1 = receives the digest. */
export type UserSubscriptionsTable = {
  user_id: number;
  company_type_id: number | null;
  industry_id: number | null;
  subscribed: Generated<number>;
  unsubscribed_at: number | null;
  /** from_where of the last unsubscribe: 'email' or 'others'. */
  unsubscribe_from: string | null;
  updated_at: number;
};

/** A user's subscribed keyword; `shown` is the /headlines sidebar toggle (0 = hidden/excluded). */
export type UserKeywordsTable = {
  user_id: number;
  keyword: string;
  custom: Generated<number>;
  shown: Generated<number>;
  sort: Generated<number>;
  created_at: number;
  /** Set by the digest's 不再接收 link: the keyword leaves the digest (not /headlines) until undone. */
  muted_at: number | null;
};

/** A saved search (query and tab) whose new matches the daily digest sends; paused while `paused_at` is set. */
export type SearchAlertsTable = {
  id: Generated<number>;
  user_id: number;
  query: string;
  tn: string;
  paused_at: number | null;
  created_at: number;
};

/** A user's display preferences (2026112803_user_preferences); no row: the defaults. */
export type UserPreferencesTable = {
  user_id: number;
  report_view: string;
  updated_at: number;
};

/** E-mail change codes; only the newest unused, unrevoked one per user counts. */
export type EmailCodesTable = {
  id: Generated<number>;
  user_id: number;
  email: string;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  wrong_tries: Generated<number>;
  used_at: number | null;
  revoked_at: number | null;
};

export type EmailCodeThrottleTable = { user_id: number; last_sent_at: number };

/** A feedback for the admin inbox; `screen_shot` is the comma-joined screenshot URLs. */
export type FeedbackTable = {
  id: Generated<number>;
  user_id: number;
  content: string;
  email: string;
  screen_shot: string;
  created_at: number;
};

/** A stored screenshot; `feedback_id` null = not (yet) submitted, removed after a grace period. */
export type FeedbackUploadsTable = {
  id: Generated<number>;
  user_id: number;
  storage_key: string;
  url: string;
  feedback_id: number | null;
  created_at: number;
};

/** A WeChat or SSO account; `user_id` null until a phone is bound to it. */
export type ThirdPartyIdentitiesTable = {
  id: Generated<number>;
  provider: string;
  external_id: string;
  union_id: Generated<string>;
  nickname: Generated<string>;
  avatar: Generated<string>;
  user_id: number | null;
  bind_ticket_hash: string | null;
  created_at: number;
  verified_at: number;
  bound_at: number | null;
};

/** The state of a WeChat QR login: finished by the callback, collected once by the waiting page. */
export type WxLoginStatesTable = {
  state: string;
  kind: string;
  poll_hash: string;
  created_at: number;
  expires_at: number;
  identity_id: number | null;
  collected_at: number | null;
};

/** A user's favourite folder; `is_default` 1 marks the built-in 自由收藏夹 (one per user). */
export type FavoriteFoldersTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  remark: Generated<string>;
  is_default: Generated<number>;
  created_at: number;
  updated_at: number;
};

/** One item in one folder; `user_id` is the folder's owner. */
export type FavoriteItemsTable = {
  folder_id: number;
  user_id: number;
  content_type: string;
  content_id: number;
  created_at: number;
};

/** A user's note on one item; `url` is the page the note was written on. */
export type NotesTable = {
  id: Generated<number>;
  user_id: number;
  content_type: string;
  content_id: number;
  content: string;
  url: Generated<string>;
  created_at: number;
  updated_at: number;
  /** The page the note is anchored to (1-based); null on a page-less note. */
  page: number | null;
  /** A highlight's colour name; '' on a plain note. */
  color: Generated<string>;
  /** The highlighted text. */
  quote: Generated<string>;
  /** JSON `THighlightAnchor` (text offsets and page-normalised rectangles); '' without one. */
  anchor: Generated<string>;
  /** The report file the anchor was taken on: another file now means it may no longer fit. */
  source_key: Generated<string>;
};

/** The note panel's state on one item: 1 open, 2 closed. */
export type NotePanelsTable = {
  user_id: number;
  content_type: string;
  content_id: number;
  status: number;
  updated_at: number;
};

/** One digest planning pass (migration 2026112209_digest). */
export type DigestRunsTable = {
  id: Generated<number>;
  day: string;
  trigger: string;
  host: Generated<string>;
  status: string;
  cutoff_at: number;
  subscribers: Generated<number>;
  planned: Generated<number>;
  headlines: Generated<number>;
  error: string | null;
  started_at: number;
  finished_at: number | null;
};

/** One user's digest of one day: planned, then claimed and sent by a worker. */
export type DigestsTable = {
  id: Generated<number>;
  run_id: number;
  user_id: number;
  day: string;
  email: string;
  items: string;
  headline_count: number;
  since_at: number;
  cutoff_at: number;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_by: string | null;
  lease_until: number | null;
  sent_at: number | null;
  message_id: string | null;
  error: string | null;
  created_at: number;
};

export type DigestCursorsTable = { user_id: number; last_cutoff_at: number };

/** One admin write (modules/audit): append-only, never updated. */
export type AuditLogTable = {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: number;
  /** JSON of the changed fields before / after; null when the target was created / deleted. */
  before: string | null;
  after: string | null;
  at: number;
};

/** A feed source (modules/feeds); `enabled` 1/0; lease_* held by the process polling it. */
export type FeedSourcesTable = {
  id: Generated<number>;
  url: string;
  name: string;
  category: Generated<string>;
  enabled: Generated<number>;
  schedule: Generated<string>;
  interval_minutes: number | null;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: number | null;
  last_status: string | null;
  last_error: string | null;
  last_added: Generated<number>;
  last_updated: Generated<number>;
  last_skipped: Generated<number>;
  next_poll_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
};

/** A feed item already taken: guid / normalised link → the headline it became. */
export type FeedItemsTable = {
  id: Generated<number>;
  source_id: number | null;
  guid: string | null;
  link_key: string | null;
  headline_id: number | null;
  content_hash: string;
  created_at: number;
  updated_at: number;
};

/** A claim filed from an organisation's claim dialog (migration 2026112601); read by the claims inbox. */
export type OrganisationClaimsTable = {
  id: Generated<number>;
  user_id: number;
  organisation_id: number;
  name: string;
  /** A mainland mobile or an e-mail address; replies by e-mail need the latter. */
  contact: string;
  message: string;
  created_at: number;
};

/** The inbox workflow of one feedback / enquiry / claim; no row = 新建 at version 0. */
export type InboxItemsTable = {
  /** feedback | enquiry | claim */
  kind: string;
  item_id: number;
  /** new | in_progress | done */
  status: Generated<string>;
  assignee_id: number | null;
  /** Internal: admins only, never shown to users. */
  note: Generated<string>;
  version: Generated<number>;
  updated_at: number;
};

/** An e-mail reply sent from the inbox: who, when, to whom, what. */
export type InboxRepliesTable = {
  id: Generated<number>;
  kind: string;
  item_id: number;
  admin_id: number;
  to_email: string;
  subject: string;
  body: string;
  created_at: number;
};

/** Per local day counters (modules/analytics); content_type '' for counters not about content. */
export type AnalyticsDailyTable = {
  day: string;
  metric: string;
  content_type: Generated<string>;
  count: number;
};

/** Per local day and search keyword: searches and searches that found nothing. */
export type AnalyticsQueriesTable = {
  day: string;
  query: string;
  count: number;
  zero_count: number;
};

/** One row per user and local day with an authenticated request (daily active users). */
export type UserDaysTable = {
  user_id: number;
  day: string;
};

/** Named leases of back-office jobs: one holder until `until` (epoch ms). */
export type JobLeasesTable = {
  name: string;
  holder: string;
  until: number;
};
