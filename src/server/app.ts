/**
 * buildApp(deps) → a ready Fastify instance with every route, and nothing that listens or schedules:
 * main.ts owns listening, signals and jobs; tests call buildApp with a throw-away database. It only composes
 * plugins: request logs and ids, metrics, error answers, security headers and request guards, rate limits, the API document, kept
 * answers, sign-in, health, the modules' endpoints and the web pages.
 */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { messages } from '../shared/messages.js';
import { createAuth, type Auth } from './auth/auth.js';
import { authPlugin } from './auth/plugin.js';
import { keptAnswers } from './cache/plugin.js';
import type { Config } from './config.js';
import { openChangeFeed, type ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import { answerSerializer } from './http/answer-serializer.js';
import { apiNoStore } from './http/api-no-store.js';
import { canonicalApiPaths } from './http/api-path.js';
import { backupRoute } from './http/backup-route.js';
import { clientConfigRoutes } from './http/client-config.js';
import { errorAnswers } from './http/error-answers.js';
import { healthRoutes } from './http/health.js';
import { lazyChildLogger } from './http/lazy-child-logger.js';
import { metricsRoute, requestMetrics } from './http/metrics-route.js';
import { noNul } from './http/no-nul.js';
import { testClock } from './http/test-clock.js';
import { openapiOptions } from './http/openapi.js';
import { requestIdGenerator, requestIdHeader } from './http/request-id.js';
import { rateLimitKey } from './http/rate-limit-key.js';
import { requestLog } from './http/request-log.js';
import { sameOrigin } from './http/same-origin.js';
import { securityHeaders } from './http/security-headers.js';
import { securityPolicy } from './http/security-policy.js';
import { proxyTrust } from './http/trusted-proxy.js';
import { webPages } from './http/web-pages.js';
import { createMetrics, type Metrics } from './infra/metrics.js';
import { paymentProvider } from './infra/payments/select.js';
import { openRedis, redisSecondaryStorage } from './infra/redis.js';
import { catalogueIndex, type CatalogueIndex } from './modules/catalogue/search-service.js';
import { catalogueLoad } from './modules/catalogue/catalogue-load.js';
import { moduleRoutes } from './modules/routes.js';

/** `onRoute` (tests only): called with every route as it registers, so tests/security can list them all. */
export type AppDeps = { config: Config; database: Database; logger?: boolean | object; onRoute?: (route: RouteOptions) => void };

export async function buildApp({ config, database, logger = false, onRoute }: AppDeps) {
  // TRUST_PROXY's hops (trusted-proxy.ts): Fastify's request.ip, protocol and host, and the kept request ids.
  const proxies = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger:
      logger === true
        ? {
            level: 'info',
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Asynchronous, buffered stdout: lines go out in writes of 4 KB or every 500 ms, whichever comes first,
            // instead of one write per request (and everything left is written on exit).
            stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 }),
          }
        : logger,
    trustProxy: proxies,
    bodyLimit: 1024 * 1024,
    // Slow clients (docs/security.md "Slow requests"): a request whose headers take longer than HEADERS_TIMEOUT_MS, or
    // whose headers and body take longer than REQUEST_TIMEOUT_MS, is answered 408 and its connection closed, so a
    // client dripping a body a byte at a time holds a connection for a bounded time. Node's requestTimeout covers
    // receiving the request only, never sending the answer. Node looks for expired requests every
    // connectionsCheckingInterval (30 s by default, too coarse for these limits).
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, Math.ceil(config.headersTimeoutMs / 4)) },
    // One log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // request.log makes its pino child only when the request logs (lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    // A UUID per request (or a trusted proxy's X-Request-Id), bound to its log lines and sent back (request-id.ts).
    genReqId: requestIdGenerator(proxies),
  }).withTypeProvider<ZodTypeProvider>();
  await app.register(requestLog);
  await app.register(requestIdHeader);
  // Request, database, outbox and job metrics, served by GET /metrics below (infra/metrics.ts); main.ts feeds the jobs'.
  const metrics = createMetrics(database);
  app.decorate('metrics', metrics);
  await app.register(requestMetrics, { metrics });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // An answer its response schema refuses never fails a request that may have committed, except in tests
  // (docs/decisions/029-answers-after-commit.md): answer-serializer.ts and error-answers.ts.
  app.setSerializerCompiler(answerSerializer);
  await app.register(errorAnswers, { strictAnswers: config.env === 'test' });

  // REDIS_URL: rate limits and auth sessions shared by every server; closed with the app.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, config.redisKeyPrefix) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const auth: Auth = createAuth(config, database.db, redis && redisSecondaryStorage(redis));
  app.decorate('auth', auth);

  // helmet's headers, computed once (src/server/http/security-headers.ts).
  await app.register(securityHeaders, securityPolicy(config));
  // First after the headers: an API path spelled unlike its route ends here, as a 404 (api-path.ts).
  await app.register(canonicalApiPaths);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    // With Redis every server counts into the same keys; if Redis fails, requests pass rather than fail.
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: { code: 'RATE_LIMITED', message: messages.common.rateLimited }, ttl: ctx.ttl }),
  });
  // The API document at /api/docs/json: routes, who may call them, Better Auth's endpoints (openapi.ts).
  await app.register(swagger, await openapiOptions(config, auth));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(sameOrigin, config.ownOrigins);
  await app.register(noNul);
  if (config.testHooks) await app.register(testClock);
  // The server's one listening connection (db/change-feed.ts): kept answers and message streams follow it.
  const changeFeed = await openChangeFeed(database);
  app.decorate('changeFeed', changeFeed);
  app.addHook('onClose', () => changeFeed.close());
  // Before sign-in and every route: it keeps session checks and the answers routes declare (src/server/cache/).
  await app.register(keptAnswers, { config, changeFeed });
  const catalogue = catalogueIndex(database.db, changeFeed, (err) => {
    app.log.error({ err }, 'catalogue reload failed');
    metrics.countFailure('catalogue_load');
  });
  app.decorate('catalogue', catalogue);
  await app.register(catalogueLoad, { catalogue });
  metrics.addGauge('mentora_change_feed_live', 'Whether the change feed listens (1) or is down and reconnecting (0)', () => (changeFeed.live() ? 1 : 0));
  metrics.addGauge('mentora_catalogue_loaded', 'Whether the catalogue index has been read whole once (1) or is still loading (0)', () =>
    catalogue.loaded() ? 1 : 0,
  );
  await app.register(authPlugin, { auth, db: database.db, secret: config.authSecret });

  const provider = paymentProvider(config);
  await app.register(healthRoutes, { config, database, redis, changeFeed, catalogue, payments: provider.name });
  await app.register(metricsRoute, { config, metrics });
  // npm run backup's copy of the embedded database (PGlite only; PostgreSQL has pg_dump).
  if (database.snapshot) await app.register(backupRoute, { config, snapshot: database.snapshot });
  await app.register(clientConfigRoutes, { config });
  await app.register(apiNoStore);
  await app.register(moduleRoutes, { config, database, provider, changeFeed });
  await app.register(webPages, { config });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    metrics: Metrics;
    /**
     * The server's change feed (db/change-feed.ts). Who wrote straight into the database (a script, a test) awaits
     * `changeFeed.sync()` to know this server has heard it: its kept answers and catalogue index are then fresh.
     */
    changeFeed: ChangeFeed;
    /** The catalogue index of this server (modules/catalogue/catalogue-index.ts), read by search. */
    catalogue: CatalogueIndex;
  }
}
