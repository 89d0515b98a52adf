import { favoritesApi } from './favorites.ts';
import { searchApi } from './search.ts';
import { authApi } from './auth.ts';
import { accountApi } from './account.ts';
import { siteApi } from './site.ts';
import { mailLinksApi } from './mail-links.ts';
import { integrationsApi } from './integrations.ts';
import { detailApi } from './detail.ts';
import { notesApi } from './notes.ts';
import { alertsApi } from './alerts.ts';
import { subscriptionsApi } from './subscriptions.ts';
import { organisationsApi } from './organisations.ts';
import { feedbackApi } from './feedback.ts';
import { adminContentApi } from './admin-content.ts';
import { adminUsersApi } from './admin-users.ts';
export { GRANT_ENDPOINTS, type TGrantKind } from './admin-users.ts';
import { adminSiteApi } from './admin-site.ts';
import { adminCatalogueApi } from './admin-catalogue.ts';
export { CATALOGUE_KIND_ENDPOINTS } from './admin-catalogue.ts';
import { adminBannersApi } from './admin-banners.ts';
import { adminOrganisationsApi } from './admin-organisations.ts';
import { adminMailApi } from './admin-mail.ts';
import { adminFeedsApi } from './admin-feeds.ts';
import { adminInboxApi } from './admin-inbox.ts';
import { adminAuditApi } from './admin-audit.ts';
import { adminAnalyticsApi } from './admin-analytics.ts';
import { adminDigestApi } from './admin-digest.ts';

export * from './endpoint.ts';
export {
  favoritesApi,
  searchApi,
  authApi,
  accountApi,
  siteApi,
  mailLinksApi,
  integrationsApi,
  detailApi,
  notesApi,
  alertsApi,
  subscriptionsApi,
  organisationsApi,
  feedbackApi,
  adminContentApi,
  adminUsersApi,
  adminSiteApi,
  adminCatalogueApi,
  adminBannersApi,
  adminOrganisationsApi,
  adminMailApi,
  adminFeedsApi,
  adminInboxApi,
  adminAuditApi,
  adminAnalyticsApi,
  adminDigestApi,
};

/**
 * Every API call the server answers, by domain (issue 17's typed route map). The web imports
 * one domain's map (`favoritesApi`) so a screen's bundle carries only the paths it calls; the
 * server registers its routes on these paths (`server/src/http/endpoint-route.ts`), and
 * `server/src/http/api-map.test.ts` checks that every /api route it registers is here with the
 * same method, and that no file outside the contract writes an /api path.
 */
export const API = {
  favorites: favoritesApi,
  search: searchApi,
  auth: authApi,
  account: accountApi,
  site: siteApi,
  mailLinks: mailLinksApi,
  integrations: integrationsApi,
  detail: detailApi,
  notes: notesApi,
  alerts: alertsApi,
  subscriptions: subscriptionsApi,
  organisations: organisationsApi,
  feedback: feedbackApi,
  adminContent: adminContentApi,
  adminUsers: adminUsersApi,
  adminSite: adminSiteApi,
  adminCatalogue: adminCatalogueApi,
  adminBanners: adminBannersApi,
  adminOrganisations: adminOrganisationsApi,
  adminMail: adminMailApi,
  adminFeeds: adminFeedsApi,
  adminInbox: adminInboxApi,
  adminAudit: adminAuditApi,
  adminAnalytics: adminAnalyticsApi,
  adminDigest: adminDigestApi,
} as const;
