import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { frameworkErrorReply, installErrorHandler } from './http/error-handler.ts';
import { loggerOptions, type LogOption } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerWeb } from './http/web.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerRequireUser } from './modules/auth/require-user.ts';
import { createHealthRepo } from './modules/health/health.repo.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createNavigationRepo } from './modules/navigation/navigation.repo.ts';
import { navigationRoutes } from './modules/navigation/navigation.routes.ts';
import { createNavigationService } from './modules/navigation/navigation.service.ts';
import { createRateLimitRepo } from './modules/rate-limit/rate-limit.repo.ts';
import { createRateLimiter } from './modules/rate-limit/rate-limiter.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { LogSmsSender, type SmsSender } from './platform/sms.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Defaults to the adapter named by `config.smsAdapter`. */
  sms?: SmsSender;
  /** false for no log; by default JSON lines at `config.logLevel` on stdout. */
  logger?: LogOption;
};

/** JSON bodies; uploads will set their own limits. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the portal's HTTP app from its parts. Opens nothing itself: the caller owns the database. */
export async function buildApp({ config, db, clock = systemClock, sms, logger }: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    frameworkErrors: (error, _request, reply) => frameworkErrorReply(error, reply as unknown as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await registerSecurityHeaders(app);

  const auth = createAuthService({
    repo: createAuthRepo(db),
    limiter: createRateLimiter(createRateLimitRepo(db), clock),
    clock,
    sms: sms ?? new LogSmsSender(app.log),
    policy: { ...config.rateLimit, sessionTtlDays: config.sessionTtlDays },
  });
  const navigation = createNavigationService({
    repo: createNavigationRepo(db),
    branding: { logoUrl: config.logoUrl, theme: config.theme },
  });

  registerRequireUser(app, auth);
  await app.register(healthRoutes(createHealthRepo(db), db.dialect));
  await app.register(authRoutes(auth));
  await app.register(navigationRoutes(navigation));
  await registerWeb(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
