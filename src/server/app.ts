/**
 * buildApp(deps) → a ready Fastify instance with every route, and nothing that listens or schedules:
 * main.ts owns listening, signals and jobs; tests call buildApp with a throw-away database.
 */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { messages } from '../shared/messages.js';
import { createAuth, type Auth } from './auth/auth.js';
import { authPlugin, type SessionCheck } from './auth/plugin.js';
import { redactUrl } from './auth/auth-log.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { fromThisMachine, mailboxRoutes } from './dev/mailbox.js';
import { AppError, type ErrorBody } from './errors.js';
import { lazyChildLogger } from './http/lazy-child-logger.js';
import { noNul } from './http/no-nul.js';
import { openapiOptions } from './http/openapi.js';
import { safeMethods, sameOrigin } from './http/same-origin.js';
import { canonicalApiPaths, isApiRequest } from './http/api-path.js';
import { securityHeaders } from './http/security-headers.js';
import { pageRenderer } from './http/page-render.js';
import { spaPages } from './http/spa-pages.js';
import { microCache } from './infra/cache.js';
import { perUserCache } from './infra/per-user-cache.js';
import { openChangeFeed } from './db/change-feed.js';
import { slotCache } from './modules/experts/slot-cache.js';
import { adminRoutes } from './modules/admin/routes.js';
import { applicationRoutes } from './modules/applications/routes.js';
import { enquiryRoutes } from './modules/enquiries/routes.js';
import { expertRoutes } from './modules/experts/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { payoutRoutes } from './modules/payouts/routes.js';
import { sessionRoutes, type SessionListAnswer } from './modules/sessions/routes.js';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook-routes.js';
import { stripeWebhookVerifier } from './infra/payments/stripe.js';
import { stripePayoutAccounts } from './infra/payments/payout-accounts.js';
import { busyIntervalsSql } from './modules/sessions/service.js';
import { paymentProvider } from './infra/payments/select.js';
import { storageDriver } from './infra/storage/select.js';
import { openRedis, redisAnswers, redisSecondaryStorage } from './infra/redis.js';

/** `onRoute` (tests only): called with every route as it registers, so tests/security can list them all. */
export type AppDeps = { config: Config; database: Database; logger?: boolean | object; onRoute?: (route: RouteOptions) => void };

export async function buildApp({ config, database, logger = false, onRoute }: AppDeps) {
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
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow clients (docs/security.md "Slow requests"): a request whose headers take longer than HEADERS_TIMEOUT_MS, or
    // whose headers and body take longer than REQUEST_TIMEOUT_MS, is answered 408 and its connection closed, so a
    // client dripping a body a byte at a time holds a connection for a bounded time. Node's requestTimeout covers
    // receiving the request only, never sending the answer. Node looks for expired requests every
    // connectionsCheckingInterval (30 s by default, too coarse for these limits).
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, Math.ceil(config.headersTimeoutMs / 4)) },
    // One log line per request (below) instead of Fastify's two.
    disableRequestLogging: true,
    // request.log makes its pino child only when the request logs (lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<ZodTypeProvider>();
  // Callback hooks here and below: no promise per request for work that never waits.
  // One line per request that changed something, failed or took a second or more. Fast successful reads are
  // left to the load balancer's access log (docs/deploy.md): a line each was a measurable share of a cached
  // catalogue read's CPU (docs/performance.md). Refused authorisations are 4xx, so they are always logged.
  app.addHook('onResponse', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || reply.statusCode >= 400 || reply.elapsedTime >= 1000) {
      request.log.info({ method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // REDIS_URL: rate limits and auth sessions shared by every server; closed with the app.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, config.redisKeyPrefix) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const auth: Auth = createAuth(config, database.db, redis && redisSecondaryStorage(redis));
  app.decorate('auth', auth);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, code: string, message: string) => reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
    if (err instanceof AppError) return send(err.status, err.code, err.message);
    if (hasZodFastifySchemaValidationErrors(err)) return send(400, 'VALIDATION', err.validation[0]?.message ?? messages.common.invalidRequest);
    if (err.statusCode === 429) return send(429, 'RATE_LIMITED', messages.common.rateLimited);
    if (err.statusCode === 413) return send(413, 'PAYLOAD_TOO_LARGE', 'The request is too large');
    if (err.statusCode === 415) return send(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return send(err.statusCode, 'BAD_REQUEST', messages.common.invalidRequest);
    request.log.error({ err }, 'unhandled error');
    return send(500, 'INTERNAL', messages.common.internal);
  });

  // Stripe Elements (docs/product.md "Payments"): Stripe.js, its card and 3-D Secure frames and its API, only when Stripe is on.
  const stripeWeb = config.stripe?.publishableKey
    ? {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : null;
  // helmet's headers, computed once (src/server/http/security-headers.ts).
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeWeb?.script ?? [])],
        ...(stripeWeb ? { frameSrc: ["'self'", ...stripeWeb.frame] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...(stripeWeb?.connect ?? [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.baseUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.baseUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // First after the headers: an API path spelled unlike its route ends here, as a 404 (api-path.ts).
  await app.register(canonicalApiPaths);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // With Redis every server counts into the same keys; if Redis fails, requests pass rather than fail.
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: { code: 'RATE_LIMITED', message: messages.common.rateLimited }, ttl: ctx.ttl }),
  });
  // The API document at /api/docs/json: routes, who may call them, Better Auth's endpoints (openapi.ts).
  await app.register(swagger, await openapiOptions(config, auth));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Public catalogue reads are cached for CATALOGUE_CACHE_MS and cleared by every successful write through this
  // process, except sign-in/out (/api/auth) and bookings and their life cycle (/api/sessions), which never change
  // a catalogue row: at a few bookings a second they would otherwise keep the cache empty. A public review
  // (/api/sessions/:id/feedback) changes the expert's rating, so it does clear it.
  // Up to 10 000 answers (profiles ~1 KB, result pages ~5 KB of JSON): every profile of a large catalogue
  // that is being read, not only the last 1 000.
  const catalogue = microCache({ ttlMs: config.catalogueCacheMs, max: 10_000 });
  // Slot answers for SLOTS_CACHE_MS: cleared with the catalogue, and per expert by their bookings (slot-cache.ts).
  const slots = slotCache({ ttlMs: config.slotsCacheMs, max: 10_000 });
  // Decided on the route pattern that ran, not on the spelling of the URL (api-path.ts).
  const keepsCatalogue = (route = '') =>
    route.startsWith('/api/auth/') || route === '/api/sessions' || (route.startsWith('/api/sessions/') && route !== '/api/sessions/:id/feedback');
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!safeMethods.has(request.method) && reply.statusCode < 400 && !keepsCatalogue(request.routeOptions.url)) {
      catalogue.clear();
      slots.clear();
    }
    done(null, payload);
  });
  await app.register(sameOrigin, { baseUrl: config.baseUrl });
  await app.register(noNul);
  // Per-user caches (session checks, session lists; per-user-cache.ts): kept only while the database's change
  // feed is live, dropped per user as the database notifies changes (migration 0011) and as this process answers
  // a user's write. SIGNED_IN_CACHE_MS=0 turns them off (and opens no listening connection).
  const feed = config.signedInCacheMs > 0 ? await openChangeFeed(database) : null;
  if (feed) app.addHook('onClose', () => feed.close());
  const live = () => feed?.live() ?? false;
  const checks = perUserCache<SessionCheck>({ ttlMs: config.signedInCacheMs, max: 50_000, live });
  // Lists are up to 500 sessions (~350 KB): at most 64 MB of JSON in all.
  const lists = perUserCache<SessionListAnswer>({
    ttlMs: config.signedInCacheMs,
    max: 10_000,
    maxSize: 64 * 2 ** 20,
    size: (answer) => answer.body.length,
    live,
  });
  feed?.subscribe((change) => {
    if (change.kind === 'lost') {
      checks.clear();
      lists.clear();
    } else if (change.kind === 'account') checks.dropUser(change.userId);
    else if (change.userId === '*') lists.clear();
    else lists.dropUser(change.userId);
  });
  await app.register(authPlugin, { auth, db: database.db, secret: config.authSecret, checks, wrote: lists.dropUser });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  /**
   * 200 when the database (and Redis, when configured) answer, else 503. Lists the services this server
   * uses, for load balancers and scripts/check-services.mjs: `{ status, database, services }`.
   */
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [dbUp, redisUp] = await Promise.all([
      database.ping().then(
        () => true,
        () => false,
      ),
      redis ? redisAnswers(redis) : true,
    ]);
    const services = {
      database: database.kind,
      redis: redis ? (redisUp ? 'up' : 'down') : 'off',
      mail: config.smtpUrl ? 'smtp' : 'files',
      storage: config.s3 ? 's3' : 'local',
      payments: sessionDeps.provider.name,
    };
    const status = dbUp && redisUp ? 'ready' : 'unavailable';
    return reply.status(status === 'ready' ? 200 : 503).send({ status, database: database.kind, services });
  });

  /**
   * Public client configuration: which optional integrations are switched on. `devMailbox` is true only when this
   * very request could open /dev/mailbox (mail goes to files, not production, and it comes from this machine), so
   * the sign-up page never links a remote visitor to a mailbox that answers them 404.
   */
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['meta'],
        response: { 200: z.object({ googleEnabled: z.boolean(), devMailbox: z.boolean(), stripePublishableKey: z.string().nullable() }) },
      },
    },
    async (request) => ({
      googleEnabled: Boolean(config.google),
      devMailbox: config.env !== 'production' && !config.smtpUrl && fromThisMachine(request, config.trustProxy),
      // Stripe Elements in the browser when Stripe payments are on (docs/product.md "Payments"); null = the simulated card form.
      stripePublishableKey: (config.stripe && config.stripe.publishableKey) ?? null,
    }),
  );

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isApiRequest(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(meRoutes, { db: database.db });
  await app.register(enquiryRoutes, { db: database.db, baseUrl: config.baseUrl });
  const sessionDeps = {
    db: database.db,
    provider: paymentProvider(config),
    baseUrl: config.baseUrl,
    meetingUrlTemplate: config.meetingUrlTemplate,
    busyChanged: slots.expertChanged,
  };
  await app.register(expertRoutes, { db: database.db, catalogue, slots, busyIntervals: busyIntervalsSql });
  await app.register(sessionRoutes, { ...sessionDeps, testHooks: config.testHooks, lists });
  if (config.stripe?.webhookSecret)
    await app.register(stripeWebhookRoutes, { deps: sessionDeps, verify: stripeWebhookVerifier(config.stripe, config.stripe.webhookSecret) });
  await app.register(payoutRoutes, { db: database.db, accounts: config.stripe ? stripePayoutAccounts(config.stripe) : null, baseUrl: config.baseUrl });
  await app.register(feedbackRoutes, { db: database.db });
  await app.register(adminRoutes, { db: database.db, provider: sessionDeps.provider, baseUrl: config.baseUrl });
  const storage = storageDriver(config);
  await app.register(fileRoutes, { db: database.db, storage });
  await app.register(applicationRoutes, { db: database.db, storage, baseUrl: config.baseUrl, adminEmails: config.adminEmails });
  if (config.env !== 'production') await app.register(mailboxRoutes, { dir: path.join(config.dataDir, 'mail'), trustProxy: config.trustProxy });

  const hasWeb = existsSync(path.join(config.webDir, 'index.html'));
  const spaHtml = hasWeb ? spaPages(config.webDir) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  if (spaHtml) {
    const renderPage = pageRenderer(app, config.webDir, config.baseUrl);
    /**
     * Every other GET (and HEAD) outside /api/ is a page of the web app: index.html with the route's preloads,
     * and for the public pages the server-rendered markup (page-render.ts). A route, not the not-found
     * handler, so @fastify/compress applies (a rendered page is 10–40 KB gzip).
     */
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      // An API path in any spelling is never a page (canonicalApiPaths answers it first; this holds without it too).
      if (isApiRequest(request)) return reply.callNotFound();
      const page = spaHtml(request.url.split('?')[0] ?? '/');
      // Rendered pages may name the signed-in account, so no shared caches.
      const rendered = request.method === 'GET' && renderPage ? await renderPage(request, page) : null;
      return reply
        .header('cache-control', rendered ? 'private, no-cache' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(rendered ?? page.html);
    });
  }
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.common.notFound } } satisfies ErrorBody));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}
