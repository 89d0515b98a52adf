import type { TRoute } from './session.ts';

/**
 * Routes an ordinary user (role 1) gets from GET /api/user/routes?type=1 (spec §2
 * "Server-driven routes"). The server sends them; the web mounts each `view` lazily.
 * Paths use React Router's `:param` syntax.
 */
export const USER_ROUTES: readonly TRoute[] = [
  { path: '/homepage', name: '首页', view: 'homepage' },
  { path: '/report', name: '报告', view: 'report' },
  { path: '/report/report_details/:id', name: '报告详情', view: 'report_details' },
  { path: '/report_details/:id', name: '报告详情', view: 'report_details' },
  { path: '/headlines', name: '商业头条', view: 'headlines' },
  { path: '/headlines/headlines_details/:id', name: '头条详情', view: 'headlines_details' },
  { path: '/analysis', name: '洞察专题', view: 'analysis' },
  { path: '/analysis/analysis_details/:id', name: '专题详情', view: 'analysis_details' },
  { path: '/material', name: '素材', view: 'material' },
  { path: '/material/material_details/:id', name: '素材详情', view: 'material_details' },
  // The resource screen (spec §2: tabs resource_all and resource_report), README "Decisions".
  { path: '/all_material', name: '资源库', view: 'all_material' },
  { path: '/collection', name: '我的收藏', view: 'collection' },
  { path: '/collection/collection_details/:id', name: '收藏夹详情', view: 'collection_details' },
  { path: '/self/collection_details/:id', name: '收藏夹详情', view: 'collection_details' },
  { path: '/notes', name: '我的笔记', view: 'notes' },
  { path: '/organ', name: '机构', view: 'organ' },
  { path: '/organ/organDetail/:id', name: '机构详情', view: 'organ_detail' },
  { path: '/organ/organProduct/:product_id', name: '机构产品', view: 'organ_product' },
  { path: '/organ/organRelation/:contentId', name: '相关内容', view: 'organ_relation' },
  { path: '/feedback', name: '意见反馈', view: 'feedback' },
];

/** Routes an admin (role 2) additionally gets from GET /api/user/routes?type=2. */
export const ADMIN_ROUTES: readonly TRoute[] = [{ path: '/admin', name: '管理后台', view: 'admin' }];

/**
 * Client-side routes that exist for everyone (spec §2 "Registered routes").
 * `anonymous: true` routes pass without a token (spec §2 "Before each navigation").
 */
export const STATIC_ROUTES = {
  login: { path: '/login', anonymous: true },
  phoneVerify: { path: '/phone_verify', anonymous: true },
  headlinesNoToken: { path: '/headlines_no_token/:id', anonymous: true },
  userPrivate: { path: '/user_private', anonymous: true },
  ucoss: { path: '/ucoss/:id', anonymous: true },
  notFound: { path: '/404', anonymous: true },
  connect: { path: '/connect', anonymous: true },
  loginKeyword: { path: '/login_keyword', anonymous: false },
  keywordSetting: { path: '/keyword_setting', anonymous: false },
  selfSetting: { path: '/self/self_setting', anonymous: false },
  collect404: { path: '/self/collect_404', anonymous: false },
  searchPage: { path: '/searchpage/searchpage', anonymous: false },
  unsubscribe: { path: '/unsubscribe', anonymous: false },
  /** The digest's signed 不再接收 link (issue 21): its token names the user, so no session is needed. */
  digestMute: { path: '/digest_mute', anonymous: true },
  admin: { path: '/admin', anonymous: false },
} as const;
