import type { TRoute, TViewKey } from '@portal/contract';
import { ADMIN_ROUTES, STATIC_ROUTES, USER_ROUTES } from '@portal/contract';

/**
 * Which page and layout each route mounts. Data only (no React), so the build can read it
 * too: vite.config.ts writes it next to the manifest and scripts/report-sizes.mjs reports
 * each route's first-screen JavaScript from it.
 */

/** `<domain>/<PageName>` → src/features/<domain>/pages/<PageName>.tsx, exporting `PageName`. */
export type TPageRef = `${string}/${string}`;
/**
 * shell: top bar + sidebar; plain: providers only; none: nothing (the login page);
 * admin: the back-office's antd layout, mounted at `path/*` (its page routes the sections).
 */
export type TLayoutKey = 'shell' | 'plain' | 'none' | 'admin';

export const LAYOUT_MODULES: Readonly<Record<Exclude<TLayoutKey, 'none'>, string>> = {
  shell: 'src/app/shell/ShellLayout.tsx',
  plain: 'src/app/PlainLayout.tsx',
  admin: 'src/app/admin/AdminLayout.tsx',
};

/** Server-driven views (spec §2); all of them live inside the shell. */
export const VIEW_PAGES: Readonly<Record<TViewKey, TPageRef>> = {
  homepage: 'home/HomePage',
  report: 'report/ReportPage',
  report_details: 'report/ReportDetailsPage',
  headlines: 'headlines/HeadlinesPage',
  headlines_details: 'headlines/HeadlinesDetailsPage',
  analysis: 'analysis/AnalysisPage',
  analysis_details: 'analysis/AnalysisDetailsPage',
  material: 'material/MaterialPage',
  material_details: 'material/MaterialDetailsPage',
  // The resource screen (spec §2), README "Decisions".
  all_material: 'resource/ResourcePage',
  collection: 'favorites/CollectionPage',
  collection_details: 'favorites/CollectionDetailsPage',
  notes: 'notes/NotesPage',
  organ: 'organ/OrganPage',
  organ_detail: 'organ/OrganDetailPage',
  organ_product: 'organ/OrganProductPage',
  organ_relation: 'organ/OrganRelationPage',
  feedback: 'feedback/FeedbackPage',
  admin: 'admin/AdminPage',
};

export type TStaticPage = { page: TPageRef; layout: TLayoutKey };

/** Registered client routes (spec §2 "Registered routes"). */
export const STATIC_PAGES: Readonly<Record<keyof typeof STATIC_ROUTES, TStaticPage>> = {
  login: { page: 'auth/LoginPage', layout: 'none' },
  phoneVerify: { page: 'auth/PhoneVerifyPage', layout: 'plain' },
  headlinesNoToken: { page: 'headlines/HeadlinesNoTokenPage', layout: 'plain' },
  userPrivate: { page: 'legal/UserPrivatePage', layout: 'plain' },
  ucoss: { page: 'auth/UcossPage', layout: 'plain' },
  notFound: { page: 'system/NotFoundPage', layout: 'plain' },
  connect: { page: 'auth/ConnectPage', layout: 'plain' },
  loginKeyword: { page: 'subscriptions/LoginKeywordPage', layout: 'plain' },
  keywordSetting: { page: 'subscriptions/KeywordSettingPage', layout: 'shell' },
  selfSetting: { page: 'account/SelfSettingPage', layout: 'shell' },
  collect404: { page: 'favorites/Collect404Page', layout: 'shell' },
  searchPage: { page: 'search/SearchPage', layout: 'shell' },
  unsubscribe: { page: 'subscriptions/UnsubscribePage', layout: 'plain' },
  digestMute: { page: 'subscriptions/DigestMutePage', layout: 'plain' },
  admin: { page: 'admin/AdminPage', layout: 'admin' },
};

export function pageModulePath(ref: TPageRef): string {
  const [domain, name] = ref.split('/');
  return `src/features/${domain}/pages/${name}.tsx`;
}

export type TRouteEntry = { path: string; page: TPageRef; layout: TLayoutKey };

/**
 * The screens the app mounts: the registered ones, then the server-driven `views` whose path
 * is not registered already (the session's routes in the browser; every known one at build
 * time). AppRoutes mounts this list and `preloadScreen` matches an address against it.
 */
export function routeEntries(views: readonly Pick<TRoute, 'path' | 'view'>[]): TRouteEntry[] {
  const entries: TRouteEntry[] = Object.entries(STATIC_PAGES).map(([key, page]) => ({
    path: STATIC_ROUTES[key as keyof typeof STATIC_ROUTES].path,
    ...page,
  }));
  const seen = new Set(entries.map((entry) => entry.path));
  for (const route of views) {
    if (seen.has(route.path)) {
      continue;
    }
    seen.add(route.path);
    entries.push({ path: route.path, page: VIEW_PAGES[route.view], layout: 'shell' });
  }
  return entries;
}

/** Every route the app knows at build time: registered ones, then the server's known views. */
export function allRouteEntries(): TRouteEntry[] {
  return routeEntries([...USER_ROUTES, ...ADMIN_ROUTES]);
}

/** The pattern React Router mounts an entry at: the back-office routes its own sections below its path. */
export function mountPattern(entry: TRouteEntry): string {
  return entry.layout === 'admin' ? `${entry.path}/*` : entry.path;
}
