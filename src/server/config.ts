/**
 * Typed configuration from the environment. Every variable is optional;
 * the defaults are the embedded ones (PGlite in DATA_DIR, mail to .eml files, simulated payments).
 * `loadConfig` throws ConfigError naming the first invalid variable.
 */
import { randomBytes } from 'node:crypto';
import { parseSocialLinks, type SocialLink } from '../shared/social-links.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { OwnOrigins } from './http/own-origin.js';

export class ConfigError extends Error {}

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** An IP address, or a CIDR range: an address, `/`, and a prefix length within the address's bits. */
const addressOrRange = (entry: string): boolean => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const bits = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : 0;
  return bits > 0 && rest.length === 0 && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits));
};

/**
 * TRUST_PROXY (docs/deploy.md "Behind a proxy"): `0` (or `false`) no proxy, 1–10 the number of proxies in front of
 * the server, or a comma-separated list of the proxies' addresses and CIDR ranges. `true`, which once trusted every
 * hop of X-Forwarded-For, is refused so that an old setting cannot silently keep meaning something else.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (v === 'false' || /^(10|\d)$/.test(v)) return v === 'false' ? 0 : Number(v);
    const entries = v.split(',').map((entry) => entry.trim());
    if (entries.every(addressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be 0 (no proxy), the number of proxies in front of the server (1–10), or a comma-separated list of their IP addresses and CIDR ranges',
    });
    return z.NEVER;
  });

/** A PostgreSQL connection URL (DATABASE_URL, DATABASE_LISTEN_URL). */
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// or postgresql:// URL')
  .refine((v) => URL.canParse(v), 'must be a valid URL')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  DATABASE_LISTEN_URL: postgresUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  BASE_URL: z.url().optional(),
  /** Mentora's own accounts for the footer (src/shared/social-links.ts); none when unset. */
  SOCIAL_LINKS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseSocialLinks(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Mentora <no-reply@mentora.example>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(64).default('mentora:'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MEETING_URL_TEMPLATE: z.string().default('https://meet.jit.si/mentora-{room}'),
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0, 'must be a percentage from 0 to 50 with at most 2 decimals')
    .max(50, 'must be a percentage from 0 to 50 with at most 2 decimals')
    .refine(
      (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9,
      'must be a percentage from 0 to 50 with at most 2 decimals',
    )
    .default(0),
  SEED_DEMO: flag.optional(),
  AUTH_RATE_LIMIT: flag.default(true),
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  SLOTS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SIGNED_IN_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  MESSAGE_EMAIL_DELAY_MS: z.coerce.number().int().min(0).max(604_800_000).default(600_000),
  TRUST_PROXY: trustProxySetting.default(0),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/-]{16,}=*$/, 'must be a bearer token (RFC 6750) of at least 16 characters: letters, digits and - . _ ~ + /')
    .optional(),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  TEST_HOOKS: flag.default(false),
});

/**
 * Which proxies in front of the server are believed about the client's address (X-Forwarded-For), its X-Request-Id
 * and the X-Forwarded-Proto/Host: a number of hops (0: none), or the proxies' IP addresses and CIDR ranges.
 */
export type TrustProxy = number | string[];

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * A direct connection to the same database (DATABASE_LISTEN_URL, default DATABASE_URL), for what needs one session
   * of its own: the change feed's LISTEN and the migration lock. Behind a transaction-mode pooler (PgBouncer)
   * DATABASE_URL names the pooler and this the database itself (docs/deploy.md "Connection poolers").
   */
  databaseListenUrl?: string;
  databasePoolSize: number;
  baseUrl: string;
  /** Origins browsers may write from (http/own-origin.ts): BASE_URL's, or without it also the address used. */
  ownOrigins: OwnOrigins;
  authSecret: string;
  adminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Tries before an outbox message is marked failed. */
  mailMaxAttempts: number;
  /** Delay before the second try; each later try waits twice as long (ms). */
  mailRetryDelayMs: number;
  /** S3-compatible file storage; absent means local disk under DATA_DIR/uploads. */
  s3?: { bucket: string; endpoint?: string; region: string; credentials?: { accessKeyId: string; secretAccessKey: string }; forcePathStyle: boolean };
  /**
   * Stripe payments (docs/product.md "Payments") when STRIPE_SECRET_KEY is set; absent means the simulated provider.
   * `apiUrl` (STRIPE_API_URL) points the SDK at a Stripe-compatible server, e.g. a local mock.
   */
  stripe?: { secretKey: string; publishableKey?: string; webhookSecret?: string; apiUrl?: string };
  google?: { clientId: string; clientSecret: string };
  /** Mentora's own social media accounts, linked from the footer (SOCIAL_LINKS); empty shows none. */
  socialLinks: SocialLink[];
  meetingUrlTemplate: string;
  /** PLATFORM_FEE_PERCENT in basis points (12.5 % → 1250): the commission frozen on each new booking (docs/product.md "Earnings"). */
  platformFeeBasisPoints: number;
  seedDemo: boolean;
  authRateLimit: boolean;
  /** How long public catalogue reads are cached in process (ms); 0 turns the cache off. */
  catalogueCacheMs: number;
  /** How long public slot answers are cached in process (ms; src/server/cache/); 0 turns it off. */
  slotsCacheMs: number;
  /**
   * How long a server may keep a user's session check and session list (ms; src/server/cache/:
   * dropped at once on any change concerning the user); 0 turns it off.
   */
  signedInCacheMs: number;
  outboxIntervalMs: number;
  /** How long a message stays unread before its recipient is e-mailed about it (docs/product.md "Messages"), ms. */
  messageEmailDelayMs: number;
  /** TRUST_PROXY; `http/trusted-proxy.ts` turns it into the test Fastify applies to each hop. */
  trustProxy: TrustProxy;
  /**
   * Bearer token GET /metrics requires (http/metrics-route.ts; docs/security.md "Metrics and backups"); absent means
   * /metrics answers requests from this machine only.
   */
  metricsToken?: string;
  /** Time a client has to send a request's headers (ms), from the moment it connects or starts the next request. */
  headersTimeoutMs: number;
  /**
   * Time a client has to send a whole request, headers and body (ms; at least headersTimeoutMs). Answers are not
   * limited: a long download is never cut. The default lets a 50 MB video upload at about 3.5 Mbit/s.
   */
  requestTimeoutMs: number;
  /** Test-only endpoints under /api/test (browser journeys); refused in production. */
  testHooks: boolean;
  /** Directory of the built SPA (dist/web); absent in API tests. */
  webDir: string;
};

/** Reads and validates `env` (default process.env). Throws ConfigError("NAME: reason") on the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.TEST_HOOKS && e.NODE_ENV === 'production') throw new ConfigError('Invalid configuration: TEST_HOOKS must not be set in production');
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    baseUrl,
    ownOrigins: { base: new URL(baseUrl).origin, fixed: e.BASE_URL !== undefined },
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailRetryDelayMs: e.MAIL_RETRY_DELAY_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          // Self-hosted S3-compatible servers (MinIO, Ceph…) usually need path-style addressing.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    socialLinks: parseSocialLinks(e.SOCIAL_LINKS),
    meetingUrlTemplate: e.MEETING_URL_TEMPLATE,
    platformFeeBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    slotsCacheMs: e.SLOTS_CACHE_MS,
    signedInCacheMs: e.SIGNED_IN_CACHE_MS,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    messageEmailDelayMs: e.MESSAGE_EMAIL_DELAY_MS,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    testHooks: e.TEST_HOOKS,
    webDir: path.resolve('dist/web'),
  };
}

/** AUTH_SECRET generated once and kept in DATA_DIR/auth-secret (mode 0600) so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
