import { z } from 'zod';
import { MSG } from './messages.ts';
import { searchTextField } from './rules/search.ts';
import { idField } from './rules/fields.ts';

/**
 * Subscription preview, search alerts and the digest's 不再接收 links (issue 21). Paths are ours.
 */

const flag = z.union([z.literal(0), z.literal(1)]);

/** Saved searches one user may keep (ours: the digest shows one section per alert). */
export const SEARCH_ALERTS_MAX = 10;
/** How far back the subscription preview looks, in days (the digest's longest look-back). */
export const KEYWORD_PREVIEW_DAYS = 7;
/** Headlines the preview lists per keyword (the digest's per-keyword cap). */
export const KEYWORD_PREVIEW_TOP = 5;

/**
 * Tabs a search alert can follow: the digest sends headlines and reports. `all` sends both,
 * `business` headlines, `report` reports.
 */
export const ALERT_TABS = ['all', 'business', 'report'] as const;
export type TAlertTab = (typeof ALERT_TABS)[number];

/** GET /api/business/subscribe/preview?keyword= */
export const ZKeywordPreviewQuery = z.object({
  keyword: z.string({ error: MSG.keywordRequired }).trim().min(1, { error: MSG.keywordRequired }).max(50),
});

export const ZPreviewHeadline = z.object({
  id: z.number(),
  title: z.string(),
  source: z.string(),
  /** Publish time, epoch ms. */
  published_at: z.number(),
});
export type TPreviewHeadline = z.infer<typeof ZPreviewHeadline>;

export const ZKeywordPreview = z.object({
  keyword: z.string(),
  days: z.number(),
  /** Headlines published in the last `days` days the keyword matches, as the digest matches. */
  count: z.number(),
  /** The newest of them, at most KEYWORD_PREVIEW_TOP. */
  top: z.array(ZPreviewHeadline),
});
export type TKeywordPreview = z.infer<typeof ZKeywordPreview>;

/** POST /api/search/alerts: 订阅此搜索 on the search results. */
export const ZSearchAlertCreate = z.object({
  query: searchTextField,
  tn: z.enum(ALERT_TABS, { error: MSG.alertTabUnsupported }).default('all'),
});
export type TSearchAlertCreate = z.input<typeof ZSearchAlertCreate>;

export const ZSearchAlert = z.object({
  id: z.number(),
  query: z.string(),
  tn: z.enum(ALERT_TABS),
  /** 1 while paused: listed, but left out of the digest. */
  paused: flag,
  created_at: z.number(),
});
export type TSearchAlert = z.infer<typeof ZSearchAlert>;
export const ZSearchAlertList = z.array(ZSearchAlert);

export const ZSearchAlertParams = z.object({ id: idField });
/** POST /api/search/alerts/:id/status */
export const ZSearchAlertStatus = z.object({
  paused: z.coerce.number<number | string>({ error: MSG.badRequest }).pipe(flag),
});

/** POST /api/business/subscribe/keyword/mute: 不再接收 (1) or its undo (0) from /keyword_setting. */
export const ZKeywordMuteRequest = z.object({
  keyword: z.string({ error: MSG.keywordRequired }).trim().min(1, { error: MSG.keywordRequired }).max(50),
  muted: z.coerce.number<number | string>({ error: MSG.badRequest }).pipe(flag),
});
export type TKeywordMuteRequest = z.input<typeof ZKeywordMuteRequest>;
export const ZKeywordMuteReply = z.object({ keyword: z.string(), muted: flag });
export type TKeywordMuteReply = z.infer<typeof ZKeywordMuteReply>;

/** The digest's signed 不再接收 link: GET /api/digest/mute/info?token=, POST /api/digest/mute {token}. */
export const ZDigestMuteToken = z.object({ token: z.string().trim().min(1).max(400) });

export const ZDigestMuteInfo = z.object({
  /** What the link stops: a keyword, or a search alert. */
  kind: z.enum(['keyword', 'alert']),
  /** The keyword, or the alert's query. */
  label: z.string(),
  /** 1 once it no longer reaches the digest (muted keyword, paused alert). */
  muted: flag,
});
export type TDigestMuteInfo = z.infer<typeof ZDigestMuteInfo>;
