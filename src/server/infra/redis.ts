/**
 * Optional Redis (REDIS_URL): one ioredis connection per server, shared by the API rate
 * limiter's store and Better Auth's secondary storage (sessions, auth rate limits), so limits and
 * sign-ins hold across servers. Every key starts with REDIS_KEY_PREFIX. Without REDIS_URL nothing here runs
 * and the in-process defaults stay.
 */
import type { SecondaryStorage } from 'better-auth';
import type { Redis } from 'ioredis';

/**
 * Connects to `url` and resolves once Redis answers; rejects (without the URL, which may hold a password)
 * when it does not answer within 5 s. A command issued while the connection is down fails after two
 * reconnection attempts instead of waiting forever.
 */
export async function openRedis(url: string, keyPrefix: string): Promise<Redis> {
  const { Redis: Client } = await import('ioredis'); // loaded only when REDIS_URL is set
  const redis = new Client(url, { keyPrefix, lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 2 });
  let lastError: Error | undefined;
  redis.on('error', (err: Error) => (lastError = err)); // surfaced through the failing command (and GET /readyz), not as a crash
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Redis (REDIS_URL) did not answer: ${(lastError ?? (err as Error)).message}`);
  }
  return redis;
}

/** Resolves true when Redis answers PING. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  return redis.ping().then(
    () => true,
    () => false,
  );
}

/**
 * Better Auth's secondary storage on Redis (keys under `auth:`). `ttl` is in seconds. `increment` creates
 * the counter with its TTL only when absent (SET NX EX, then INCR, in one MULTI), so a rate-limit window
 * is fixed from its first request and every server counts into the same key.
 */
export function redisSecondaryStorage(redis: Redis): SecondaryStorage {
  const k = (key: string) => `auth:${key}`;
  return {
    get: (key) => redis.get(k(key)),
    getAndDelete: (key) => redis.getdel(k(key)),
    set: async (key, value, ttl) => {
      if (ttl && ttl > 0) await redis.set(k(key), value, 'EX', Math.ceil(ttl));
      else await redis.set(k(key), value);
    },
    delete: async (key) => {
      await redis.del(k(key));
    },
    increment: async (key, ttl) => {
      const results = await redis
        .multi()
        .set(k(key), '0', 'EX', Math.max(1, Math.ceil(ttl)), 'NX')
        .incr(k(key))
        .exec();
      const [err, value] = results?.[1] ?? [new Error('Redis transaction aborted'), null];
      if (err) throw err;
      return Number(value);
    },
  };
}
