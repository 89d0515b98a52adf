import Fastify, { LogController, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerCompression } from './http/compression.ts';
import { registerTransportSecurity } from './http/transport-security.ts';
import { createReadiness, type Readiness } from './modules/health/readiness.ts';
import { registerOpenApi } from './modules/openapi/openapi.routes.ts';
import { registerMetrics } from './platform/metrics/metrics.routes.ts';
import { registerControlCharGuard } from './http/control-chars.ts';
import { clientErrorReply, frameworkErrorReply, installErrorHandler } from './http/error-handler.ts';
import { loggerOptions, registerAccessLog, type LogOption } from './http/logging.ts';
import { registerOldDomains } from './http/old-domains.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security.ts';
import { registerWeb } from './http/web.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService, SESSION_CACHE_TABLES } from './modules/auth/auth.service.ts';
import { registerRequireUser } from './modules/auth/require-user.ts';
import { createUsers } from './modules/users/users.service.ts';
import { adminUsersModule } from './modules/admin-users/admin-users.module.ts';
import { inboxModule } from './modules/inbox/inbox.module.ts';
import { createHealthRepo } from './modules/health/health.repo.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createNavigationRepo } from './modules/navigation/navigation.repo.ts';
import { navigationRoutes } from './modules/navigation/navigation.routes.ts';
import { createNavigationService } from './modules/navigation/navigation.service.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { createBannersRepo } from './modules/banners/banners.repo.ts';
import { createBannersService } from './modules/banners/banners.service.ts';
import { CONTENT_CACHE_IGNORES } from './modules/content/content-cache-tables.ts';
import { createContentService, type ContentService } from './modules/content/content.service.ts';
import { createDetailRepo } from './modules/detail/detail.repo.ts';
import { digestModule } from './modules/digest/digest.module.ts';
import { createActivityRecorder } from './modules/analytics/activity-recorder.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { adminMailModule } from './modules/admin-mail/admin-mail.module.ts';
import { detailRoutes } from './modules/detail/detail.routes.ts';
import { createDetailService } from './modules/detail/detail.service.ts';
import { createFavoritesRepo } from './modules/favorites/favorites.repo.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { createFavoritesService, HELD_CACHE_TABLES } from './modules/favorites/favorites.service.ts';
import { createNotesRepo } from './modules/notes/notes.repo.ts';
import { notesRoutes } from './modules/notes/notes.routes.ts';
import { createNotesService } from './modules/notes/notes.service.ts';
import { createOfficeViewer } from './modules/detail/office-viewer.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFileUrls } from './modules/files/signed-url.ts';
import { organisationsPlugin } from './modules/organisations/organisations.plugin.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { openSearchIndex } from './modules/search/open-search-index.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchMissesRepo } from './modules/search/search.repo.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSynonymSource } from './modules/search/synonym-source.ts';
import { createOrganisationSearch } from './modules/search/organisation-search.ts';
import { readReportFacetRows } from './modules/search/report-facets.ts';
import { createRateLimitRepo } from './modules/rate-limit/rate-limit.repo.ts';
import { createRateLimiter } from './modules/rate-limit/rate-limiter.ts';
import { subscriptionsModule } from './modules/subscriptions/subscriptions.module.ts';
import { alertsModule } from './modules/alerts/alerts.routes.ts';
import { preferencesModule } from './modules/preferences/preferences.module.ts';
import { emailChangeModule } from './modules/email-change/email-change.module.ts';
import { accountModule } from './modules/account/account.module.ts';
import { feedbackModule } from './modules/feedback/feedback.module.ts';
import { ssoModule } from './modules/sso/sso.module.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditLog } from './modules/audit/audit.service.ts';
import { adminContentModule } from './modules/admin-content/admin-content.module.ts';
import { adminSiteModule, siteBranding } from './modules/admin-site/admin-site.module.ts';
import { adminCatalogueModule } from './modules/admin-catalogue/admin-catalogue.module.ts';
import { feedsModule } from './modules/feeds/feeds.module.ts';
import { reportInboxModule } from './modules/report-inbox/report-inbox.module.ts';
import { searchRestampModule } from './modules/search/search-restamp.module.ts';
import { adminBannersModule } from './modules/admin-banners/admin-banners.module.ts';
import { adminOrganisationsModule } from './modules/admin-organisations/admin-organisations.module.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { mailerFromConfig } from './platform/mail/mailer-from-config.ts';
import { smsFromConfig } from './platform/sms/sms-from-config.ts';
import type { SmsSender } from './platform/sms/sms-sender.ts';
import { resolveAppSecret } from './platform/app-secret.ts';
import { withImageVariants } from './platform/images/image-variants.ts';
import { storageInDataDir } from './platform/storage/local-storage.ts';
import { createMiniProgramCodes } from './platform/wechat/mini-program-code.ts';
import type { Storage } from './platform/storage/storage.ts';
import type { SearchIndex } from './search/search.types.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Defaults to the adapter named by `config.sms` (SMS_ADAPTER). */
  sms?: SmsSender;
  /** false for no log; by default JSON lines at `config.logLevel` on stdout. */
  logger?: LogOption;
  /** Defaults to the local directory under DATA_DIR. */
  storage?: Storage;
  /** Defaults to an index on `db`, closed with the app; one passed in belongs to the caller. */
  search?: SearchIndex;
  /** Defaults to `mailerFromConfig(config)` (SMTP_URL or the outbox), closed with the app; one passed in belongs to the caller. */
  mailer?: Mailer;
  /** Run the daily digest scheduler and its retry poller (main.ts; tests drive the digest service directly). */
  scheduleDigest?: boolean;
  /** Whether set-up has finished (GET /api/ready); by default ready, as an app built after set-up is. */
  readiness?: Readiness;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's one content service, built here (issue 17); start-up's set-up reuses it. */
    content: ContentService;
  }
}

/** JSON bodies; uploads will set their own limits. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the portal's HTTP app from its parts. Opens nothing itself: the caller owns the database. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  sms,
  logger,
  storage,
  search,
  mailer,
  scheduleDigest = false,
  readiness = createReadiness(true),
}: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    bodyLimit: BODY_LIMIT_BYTES,
    // registerAccessLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    frameworkErrors: (error, _request, reply) => frameworkErrorReply(error, reply as unknown as FastifyReply),
    clientErrorHandler: clientErrorReply(securityHeaders(config.frameOrigins)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerAccessLog(app);
  // Read caches then see every write other processes committed before this request arrived.
  app.addHook('onRequest', (_request, _reply, done) => {
    db.generation.requestArrived();
    done();
  });
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  registerControlCharGuard(app);
  registerSecurityHeaders(app, config.frameOrigins);
  await registerCompression(app);
  registerTransportSecurity(app);

  // The one owner of the users table (issue 17); every module that needs users gets this.
  const users = createUsers(db);
  // Per-day figures for the back-office (logins, active users, searches, views …), written in batches.
  const activity = createActivityRecorder({
    db,
    clock,
    timeZone: config.digest.timeZone,
    flushMs: config.countFlushMs,
    onError: (err) => app.log.error({ err }, 'writing analytics counts failed'),
  });
  app.addHook('onClose', () => activity.close());
  const auth = createAuthService({
    repo: createAuthRepo(db),
    users,
    limiter: createRateLimiter(createRateLimitRepo(db), clock),
    clock,
    sms: sms ?? smsFromConfig(config.sms, app.log),
    policy: { ...config.rateLimit, sessionTtlDays: config.sessionTtlDays },
    sessionCache: { generation: db.generation.of(SESSION_CACHE_TABLES), ttlMs: config.readCacheMs },
    activity,
  });
  // Private files (report PDFs, avatars, screenshots, topic files) are reached by signed URLs.
  const fileUrls = createFileUrls({ secret: resolveAppSecret(config), clock });
  const navigation = createNavigationService({
    repo: createNavigationRepo(db),
    branding: siteBranding(db, { logoUrl: config.logoUrl, theme: config.theme }),
    fileUrls,
  });

  // Deleting a picture deletes its card-size copies with it (platform/images/image-variants.ts).
  const files = withImageVariants(storage ?? storageInDataDir(config.dataDir));
  const index = search ?? openSearchIndex(db, { readers: config.searchReaders });
  const mail = mailer ?? mailerFromConfig(config);
  if (!mailer) {
    app.addHook('onClose', () => mail.close());
  }
  const content = createContentService({
    db,
    storage: files,
    search: index,
    clock,
    countFlushMs: config.countFlushMs,
    readCacheMs: config.readCacheMs,
    onError: (err) => app.log.error({ err }, 'writing view and download counts failed'),
    onCount: (type, counter, by) => activity.counted(type, counter, by),
  });
  app.decorate('content', content);
  // Buffered counts are written before the index they update closes.
  app.addHook('onClose', async () => {
    await content.close();
    if (!search) {
      await index.close();
    }
  });
  const favorites = createFavoritesService({
    repo: createFavoritesRepo(db),
    content,
    clock,
    readCache: { generation: db.generation.ofOwner(HELD_CACHE_TABLES), ttlMs: config.readCacheMs },
  });
  // Synonym groups (back-office catalogue) applied to searches; catalogue edits refresh it.
  const synonyms = createSynonymSource(db);
  const searchService = createSearchService({
    index,
    synonyms,
    organisations: createOrganisationSearch(db),
    reportRows: (now) => readReportFacetRows(db, now),
    content,
    misses: createSearchMissesRepo(db),
    clock,
    favoritedAmong: (userId, refs) => favorites.favoritedAmong(userId, refs),
    readCache: { generation: db.generation.except(CONTENT_CACHE_IGNORES), ttlMs: config.readCacheMs },
    activity,
  });
  const banners = createBannersService(createBannersRepo(db), clock);
  // Every back-office write is recorded here (modules/audit); admin modules receive this one log.
  const audit = createAuditLog(db, clock);
  const notes = createNotesService({ repo: createNotesRepo(db), content, clock });
  const detail = createDetailService({
    repo: createDetailRepo(db),
    content,
    search: searchService,
    clock,
    favoriteStatus: (userId, ref) => favorites.statusOf(userId, ref),
    fileUrls,
  });

  registerOldDomains(app, config.oldDomains, config.publicUrl);
  registerRequireUser(app, auth);
  await registerOpenApi(app, config.openApi);
  registerMetrics(app, { token: config.metricsToken });
  await app.register(healthRoutes(createHealthRepo(db), db.dialect, readiness));
  await app.register(authRoutes(auth));
  await app.register(navigationRoutes(navigation));
  await app.register(searchRoutes(searchService));
  await app.register(bannersRoutes(banners));
  const { mini, apiBase } = config.account.wechat;
  const miniCodes = mini ? createMiniProgramCodes({ apiBase, app: mini, clock }) : null;
  await app.register(detailRoutes(detail, createOfficeViewer(files), config.publicUrl, miniCodes));
  await app.register(favoritesRoutes(favorites));
  await app.register(notesRoutes(notes));
  await app.register(integrationsRoutes(config.integrations, detail));
  await app.register(
    organisationsPlugin({
      db,
      content,
      clock,
      mailer: mail,
      publicUrl: config.publicUrl,
      claimEmail: config.organClaimEmail,
      enquiryLimits: config.enquiryLimits,
    }),
  );
  await app.register(filesRoutes(files, fileUrls));
  await app.register(subscriptionsModule({ db, clock, index, search: searchService, synonyms }));
  await app.register(alertsModule({ db, clock }));
  await app.register(preferencesModule({ db, clock }));
  await app.register(emailChangeModule({ db, clock, mailer: mail }));
  await app.register(accountModule({ db, clock, storage: files, config, fileUrls }));
  await app.register(feedbackModule({ db, clock, storage: files, config, fileUrls }));
  await app.register(ssoModule({ db, clock, config, auth, activity }));
  await app.register(auditRoutes(audit));
  await app.register(adminUsersModule({ db, clock, users, audit }));
  await app.register(inboxModule({ db, users, mailer: mail, audit, clock, fileUrls }));
  await app.register(
    adminContentModule({ db, content, search: index, storage: files, audit, clock, fileUrls }),
  );
  await app.register(
    adminSiteModule({ db, audit, clock, defaults: { logoUrl: config.logoUrl, theme: config.theme } }),
  );
  await app.register(adminCatalogueModule({ db, audit, search: index, clock, synonyms }));
  await app.register(adminBannersModule({ db, storage: files, audit, clock }));
  await app.register(adminOrganisationsModule({ db, storage: files, audit, clock }));
  await app.register(digestModule({ db, clock, mailer: mail, config, schedule: scheduleDigest }));
  // Feed polling runs where the digest does (the server process): leases make it exactly-once.
  await app.register(
    feedsModule({ db, content, search: index, audit, clock, config, schedule: scheduleDigest }),
  );
  await app.register(reportInboxModule({ content, clock, config, schedule: scheduleDigest }));
  await app.register(searchRestampModule({ db, search: index, clock, schedule: scheduleDigest }));
  await app.register(
    analyticsRoutes(createAnalyticsService({ db, clock, timeZone: config.digest.timeZone })),
  );
  await app.register(adminMailModule({ db, clock, mailer: mail, config, audit }));
  await registerWeb(app, config.webDist, {
    headlinePreview: (id) => content.headlinePreview(id),
    homeBanner: async () => (await banners.list())[0]?.image_url ?? null,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
