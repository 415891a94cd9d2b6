/**
 * The one owner of kept answers (docs/decisions/017-one-cache-owner.md; docs/architecture.md "Kept answers").
 * Routes declare caching in their config — `config: { kept: { lifetime, dependsOn } }` — and this plugin does the
 * rest, for every route registered after it:
 *   - a kept answer (JSON bytes, keyed by the raw URL, and the account for signed-in answers) answers the request
 *     from a route `onRequest` hook, before parsing, validation and the handler; otherwise the handler's value is
 *     serialised once and kept with the rows it depends on;
 *   - the database's change feed (db/change-feed.ts, migration 0016) drops exactly the answers a committed change
 *     touches, on every server, whoever made it; while the feed is down nothing is kept;
 *   - a write (any method but GET, HEAD, OPTIONS) is answered only once this server has heard the notifications of
 *     every change committed before it, so the writer's next read on this server is fresh: a sync notification
 *     sent after the handler, or the write's own notification when its last transaction named `barrierToken()`.
 *     A request that writes only after its answer (answered-before-writing.ts) is not held.
 * Handlers of kept routes return their answer and never touch `reply`: concurrent misses share one load.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionCheck } from '../auth/plugin.js';
import type { Config } from '../config.js';
import type { Barrier, ChangeFeed } from '../db/change-feed.js';
import { jsonBytes } from '../http/plain-json.js';
import { pinnedInstant } from '../http/test-clock.js';
import { safeMethods } from '../http/same-origin.js';
import { answersBeforeWriting } from './answered-before-writing.js';
import type { Dependency } from './dependencies.js';
import { keptStore, type KeptStore } from './store.js';

/**
 * How a route's answers are kept. `lifetime` names the setting bounding how long: `catalogue` (CATALOGUE_CACHE_MS)
 * and `slots` (SLOTS_CACHE_MS) for public answers, the same for every visitor, served once more while a newer one
 * loads; `signedIn` (SIGNED_IN_CACHE_MS) for the signed-in account's own answer (none without an account).
 * `dependsOn(request, userId)` lists what the answer reads, known before loading; where only the answer tells
 * which rows it read, it lists the whole table and `answerDependsOn(answer, userId)` gives the exact list.
 */
export type KeptRoute = {
  lifetime: 'catalogue' | 'slots' | 'signedIn';
  dependsOn: (request: FastifyRequest, userId: string | null) => Dependency[];
  answerDependsOn?: (answer: unknown, userId: string | null) => Dependency[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route's answers are kept (src/server/cache/plugin.ts); absent: never. */
    kept?: KeptRoute;
  }
  interface FastifyInstance {
    /** Kept session checks per Cookie header (auth/plugin.ts), dropped with the account's user and sign-in session rows. */
    keptChecks: KeptStore<SessionCheck | null>;
  }
  interface FastifyRequest {
    /**
     * For a write whose last transaction notifies the change feed (db/change-feed.ts notifyStreamsSql): the token to
     * name in that notification, or undefined while the feed is down (no answer waits). Once that
     * transaction has committed, call `barrierCommitted()`: the answer then waits for that notification — after which
     * this server has heard every change committed before the write — instead of sending a sync notification of its
     * own (no notifying commit for the barrier besides the write's; docs/performance.md "Message delivery").
     */
    barrierToken: () => string | undefined;
    /** The transaction that named `barrierToken()` has committed, and the handler commits nothing after it. */
    barrierCommitted: () => void;
  }
}

/** Raw URLs longer than this are not kept: unknown query parameters are dropped by validation, so one could fill memory with URLs naming one answer. */
const maxKeyLength = 512;

const keyOf = (kept: KeptRoute, request: FastifyRequest, userId: string | null): string | null => {
  // A request a test pinned to another instant answers for that instant only.
  if (request.url.length > maxKeyLength || pinnedInstant(request)) return null;
  if (kept.lifetime !== 'signedIn') return request.url;
  return userId === null ? null : `${userId}\u0000${request.url}`;
};

const sendBytes = (reply: FastifyReply, body: Buffer) => reply.type('application/json; charset=utf-8').send(body);

/**
 * Registers the caches for `config`'s lifetimes (0 turns one off; all 0 keeps nothing) and the write barrier on the
 * server's change feed (opened by app.ts, shared with the message streams).
 */
export const keptAnswers = fp(async (app: FastifyInstance, { config, changeFeed }: { config: Config; changeFeed: ChangeFeed }) => {
  const anyKept = config.catalogueCacheMs > 0 || config.slotsCacheMs > 0 || config.signedInCacheMs > 0;
  const feed = anyKept ? changeFeed : null;
  const keeping = () => feed?.live() ?? false;

  // Up to 10 000 public answers each (profiles ~1 KB, result pages ~5 KB of JSON): every profile of a large
  // catalogue being read, not only the last 1 000.
  const publicAnswers = {
    catalogue: keptStore<unknown>({ ttlMs: config.catalogueCacheMs, max: 10_000, staleWhileRevalidate: true, keeping }),
    slots: keptStore<unknown>({ ttlMs: config.slotsCacheMs, max: 10_000, staleWhileRevalidate: true, keeping }),
  };
  // Session list pages are up to 100 sessions (~70 KB): at most 64 MB of JSON in all.
  const signedIn = keptStore<unknown>({
    ttlMs: config.signedInCacheMs,
    max: 10_000,
    maxSize: 64 * 2 ** 20,
    size: (body) => (Buffer.isBuffer(body) ? body.length : 1),
    keeping,
  });
  const checks = keptStore<SessionCheck | null>({ ttlMs: config.signedInCacheMs, max: 50_000, keeping });
  const stores: Pick<KeptStore<unknown>, 'drop' | 'clear'>[] = [publicAnswers.catalogue, publicAnswers.slots, signedIn, checks];
  const storeOf = (kept: KeptRoute) => (kept.lifetime === 'signedIn' ? signedIn : publicAnswers[kept.lifetime]);
  const on = (kept: KeptRoute) =>
    (kept.lifetime === 'signedIn' ? config.signedInCacheMs : kept.lifetime === 'slots' ? config.slotsCacheMs : config.catalogueCacheMs) > 0;

  feed?.subscribe((change) => {
    for (const store of stores) {
      if (change.kind === 'lost') store.clear();
      else if (change.kind === 'table') store.drop(change);
    }
  });

  app.decorate('keptChecks', checks);

  /** Handlers already wrapped (Fastify passes a GET route's options again for its HEAD route). */
  const wrapped = new WeakSet<object>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const kept = route.config?.kept;
    if (!kept || !on(kept) || wrapped.has(route.handler)) return;
    const store = storeOf(kept);
    const handler = route.handler;
    const answerKept: onRequestHookHandler = (request, reply, done) => {
      const userId = kept.lifetime === 'signedIn' ? (request.keptUser()?.id ?? null) : null;
      const key = keyOf(kept, request, userId);
      const body = key === null ? undefined : store.peek(key);
      if (Buffer.isBuffer(body)) void sendBytes(reply, body);
      else done();
    };
    route.onRequest = [...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []), answerKept];
    route.handler = async function keptHandler(this: FastifyInstance, request, reply) {
      const userId = kept.lifetime === 'signedIn' ? ((await request.getUser())?.id ?? null) : null;
      const key = keyOf(kept, request, userId);
      if (key === null) return handler.call(this, request, reply);
      const dependsOn = kept.dependsOn(request, userId);
      const body = await store.get(key, dependsOn, async () => {
        const answer: unknown = await handler.call(this, request, reply);
        return { value: jsonBytes(answer), dependsOn: kept.answerDependsOn?.(answer, userId) ?? dependsOn };
      });
      return sendBytes(reply, body as Buffer);
    };
    wrapped.add(route.handler);
  });

  /** Each write's own notification (barrierToken), and whether the transaction naming it committed. */
  const barriers = new WeakMap<FastifyRequest, { barrier: Barrier; committed: boolean }>();
  app.decorateRequest('barrierToken', function (this: FastifyRequest) {
    if (!changeFeed.live() || safeMethods.has(this.method)) return undefined;
    let own = barriers.get(this);
    if (!own) barriers.set(this, (own = { barrier: changeFeed.barrier(), committed: false }));
    return own.barrier.token;
  });
  app.decorateRequest('barrierCommitted', function (this: FastifyRequest) {
    const own = barriers.get(this);
    if (own) own.committed = true;
  });

  // A write is answered once this server has heard of every change committed before its answer, its own included:
  // kept answers and the catalogue index (modules/experts/catalogue-index.ts, kept whatever the cache settings) are
  // then fresh for the writer's next read.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const own = barriers.get(request);
    barriers.delete(request);
    if (safeMethods.has(request.method) || answersBeforeWriting(request) || !changeFeed.live()) {
      own?.barrier.cancel();
      return done(null, payload);
    }
    if (own && !own.committed) own.barrier.cancel();
    void (own?.committed ? own.barrier.heard() : changeFeed.sync()).then((heard) => {
      if (!heard) for (const store of stores) store.clear();
      done(null, payload);
    });
  });
});
