/**
 * Mounts Better Auth under /api/auth/* and resolves the signed-in account for every other route.
 * `request.getUser()` returns the account (or null) once per request; the guards in guards.ts use it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authSession, user as userTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import { anyRowOf, rowsOf } from '../cache/dependencies.js';
import type { Auth } from './auth.js';
import { authAction, authAttemptLine, refusalLine } from './auth-log.js';
import { defersWork, runAfterAnswer } from './reset-request.js';
import { answerBeforeWriting } from '../cache/answered-before-writing.js';
import { inProductWords } from './validation-words.js';

/** The signed-in account as the API sees it. */
/** The account row a session carries: every column but the message settings, read where they are used (modules/messages). */
export type CurrentUser = Omit<typeof userTable.$inferSelect, 'messageEmails' | 'messagingSuspendedAt'>;

declare module 'fastify' {
  interface FastifyRequest {
    getUser: () => Promise<CurrentUser | null>;
    /** The account of this request's Cookie header when its session check is kept, at once; else undefined (then use getUser). */
    keptUser: () => CurrentUser | undefined;
  }
  interface FastifyInstance {
    /**
     * The account `request`'s Cookie header signs in now, or null (signed out, session revoked or expired, account
     * suspended or deleted). Unlike `request.getUser()` it is asked again on each call: the kept check while no change
     * of the account's user or sign-in session rows has been heard since, else Better Auth's lookup. A message stream
     * asks it before each event it writes (docs/security.md "Messages").
     */
    signedInNow: (request: FastifyRequest) => Promise<CurrentUser | null>;
  }
}

/**
 * Forwards one Fastify request to Better Auth as a WHATWG Request and copies the answer back; logs one
 * `auth.attempt` line per sign-in, sign-up, reset and password change (auth-log.ts).
 */
async function authRoutes(app: FastifyInstance, opts: { auth: Auth; secret: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      // Better Auth rate-limits per IP: give it the address Fastify trusts, never a client-sent header.
      headers.set('x-mentora-client-ip', request.ip);
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const body = request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
      const webRequest = new Request(url, { method: request.method, headers, body });
      const response = await opts.auth.handler(webRequest);
      // Work Better Auth's hooks deferred until the answer is out (reset-request.ts) starts when it is sent.
      if (defersWork(webRequest)) answerBeforeWriting(request);
      reply.raw.once('finish', () => runAfterAnswer(webRequest));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      const payload = inProductWords(response.status, response.body ? Buffer.from(await response.arrayBuffer()) : null);
      const action = authAction(request.method, url.pathname);
      if (action) {
        // A refused password change names no user in its answer: the session (still valid then) does.
        const userId =
          action === 'change-password' && response.status >= 400
            ? ((await opts.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(() => null))?.user.id ?? null)
            : null;
        const line = authAttemptLine({
          action,
          statusCode: response.status,
          requestBody: body,
          responseBody: payload,
          ip: request.ip,
          secret: opts.secret,
          userId,
        });
        if (line.outcome === 'success') request.log.info(line, 'auth attempt');
        else request.log.warn(line, 'auth attempt');
      }
      return reply.send(payload);
    },
  });
}

type SessionUser = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>['user'];

/** The user row as Better Auth returns it in a session (every column; see auth.ts `additionalFields`). */
function asCurrentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerified,
    image: u.image ?? null,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    phone: u.phone ?? null,
    role: u.role ?? null,
    twoFactorEnabled: u.twoFactorEnabled ?? false,
    timeZone: u.timeZone ?? null,
    deletedAt: u.deletedAt ?? null,
    suspendedAt: u.suspendedAt ?? null,
    suspensionReason: u.suspensionReason ?? null,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

/** A kept session check: the account its Cookie header signs in (kept until the sign-in session expires at the latest). */
export type SessionCheck = { user: CurrentUser };

/**
 * `secret` is AUTH_SECRET (keys the e-mail hash of log lines). Session checks are kept per Cookie header
 * (`app.keptChecks`, src/server/cache/plugin.ts, registered first): a request whose Cookie header was checked
 * before, and whose account and sign-in sessions have not changed since, skips Better Auth's lookup.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: Auth; db: Db; secret: string }) => {
  const checks = app.keptChecks;
  await app.register(authRoutes, { auth: opts.auth, secret: opts.secret });
  /** The account lookups made by this request, so the refusal log can name the user without a new lookup. */
  const lookups = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
  /** The AppError each refused request threw (its code is the refusal's reason). */
  const errors = new WeakMap<FastifyRequest, AppError>();
  // Without secondary storage Better Auth reads the session's user row from the database on every lookup, with
  // every column (auth.ts declares the profile ones), so it is the row itself. With Redis the session keeps a copy
  // of the user taken at sign-in, which profile and role changes made outside Better Auth do not update: the row
  // is then selected again.
  const sessionUserIsFresh = !opts.auth.options.secondaryStorage;
  app.decorateRequest('getUser', function getUser(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('keptUser', function keptUser(this: FastifyRequest) {
    const cookie = this.headers.cookie;
    return cookie ? (checks.peek(cookie)?.user ?? undefined) : undefined;
  });
  /** Better Auth's session check for `cookie`, kept until the account's user or sign-in session rows change, when it names an account. */
  const check = async (request: FastifyRequest, cookie: string): Promise<CurrentUser | null> => {
    const kept = await checks.get(cookie, anyRowOf('user', 'auth_session'), async () => {
      const session = await opts.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session) return { value: null, dependsOn: null };
      let user = asCurrentUser(session.user);
      if (sessionUserIsFresh && user.suspendedAt) return { value: null, dependsOn: null };
      if (!sessionUserIsFresh) {
        // Only while the session's database row stands: Better Auth deletes an account's sessions from the database
        // before their Redis copies (a password reset, "sign out other devices"), and the row's deletion is what the
        // change feed reports to every server (docs/security.md "Messages").
        const [row] = await opts.db
          .select(getTableColumns(userTable))
          .from(userTable)
          .innerJoin(authSession, and(eq(authSession.userId, userTable.id), eq(authSession.token, session.session.token)))
          .where(eq(userTable.id, session.user.id));
        // A deleted or suspended account signs in nowhere, even from a session copy Redis still holds (docs/security.md
        // "Account deletion", "Suspended accounts").
        if (!row || row.deletedAt || row.suspendedAt) return { value: null, dependsOn: null };
        user = row;
      }
      return { value: { user }, dependsOn: rowsOf(`user:${user.id}`, 'user', 'auth_session'), expiresAt: session.session.expiresAt.getTime() };
    });
    return kept?.user ?? null;
  };
  app.decorate('signedInNow', async (request: FastifyRequest) => {
    const cookie = request.headers.cookie;
    return cookie ? check(request, cookie) : null;
  });
  // A callback hook (no promise per request): it only installs the lazy lookup.
  app.addHook('onRequest', (request, _reply, done) => {
    let cached: Promise<CurrentUser | null> | undefined;
    request.getUser = () => {
      if (!cached) {
        const cookie = request.headers.cookie;
        const kept = cookie ? checks.peek(cookie) : undefined;
        cached = !cookie ? Promise.resolve(null) : kept ? Promise.resolve(kept.user) : check(request, cookie);
        lookups.set(request, cached);
      }
      return cached;
    };
    done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof AppError) errors.set(request, error);
    done();
  });
  /**
   * One `authz.refused` line per 401 / 403, and per 404 answered to a signed-in account (auth-log.ts). A callback
   * hook, not an async one: every other answer passes with one comparison.
   */
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if ((status !== 401 && status !== 403 && status !== 404) || request.url.startsWith('/api/auth/')) return done();
    const error = errors.get(request);
    const lookup = lookups.get(request);
    if (status === 404 && (error?.code !== 'NOT_FOUND' || !lookup)) return done();
    void (async () => {
      const user = lookup ? await lookup.catch(() => null) : null;
      if (status === 404 && !user) return;
      const reason = error?.code ?? (status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
      request.log.warn(
        refusalLine({ method: request.method, route, statusCode: status, reason, userId: user?.id ?? null, ip: request.ip }),
        'authorization refused',
      );
    })()
      .catch(() => undefined)
      .finally(() => done());
  });
});
