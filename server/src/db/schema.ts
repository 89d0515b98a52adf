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
