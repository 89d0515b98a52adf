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
  organisations: OrganisationsTable;
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
  usefulness_marks: UsefulnessMarksTable;
  insight_shortcuts: InsightShortcutsTable;
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
};

/** Minimal for now (issue 7 adds products, social accounts, contacts). */
export type OrganisationsTable = {
  id: Generated<number>;
  name: string;
  logo_key: Generated<string>;
  /** 0 = joined (入驻), 1 = not joined. */
  status: Generated<number>;
  is_certification: Generated<number>;
  official_website: Generated<string>;
  created_at: number;
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
};

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
};

export type HeadlinesTable = {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** Sanitised HTML. */
  content: Generated<string>;
  source_name: Generated<string>;
  source_url: Generated<string>;
  published_at: number;
  created_at: number;
};

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
};

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
};

export type BannersTable = {
  id: Generated<number>;
  title: string;
  image_key: string;
  redirect_url: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<number>;
  created_at: number;
};

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

/** A user's 有用 mark on one item; `content_stats.useful` counts them. */
export type UsefulnessMarksTable = { user_id: number; content_type: string; content_id: number; created_at: number };

/** A user's sidebar shortcut to an insight topic. */
export type InsightShortcutsTable = { user_id: number; analysis_id: number; created_at: number };
