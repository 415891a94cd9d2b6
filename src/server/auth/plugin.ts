/**
 * Mounts Better Auth under /api/auth/* and resolves the signed-in account for every other route.
 * `request.getUser()` returns the account (or null) once per request; the guards in guards.ts use it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { user as userTable } from '../db/schema.js';
import type { Auth } from './auth.js';

/** The signed-in account as the API sees it. */
export type CurrentUser = typeof userTable.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    getUser: () => Promise<CurrentUser | null>;
  }
}

/** Forwards one Fastify request to Better Auth as a WHATWG Request and copies the answer back. */
async function authRoutes(app: FastifyInstance, opts: { auth: Auth }) {
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
      const response = await opts.auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: Auth; db: Db }) => {
  await app.register(authRoutes, { auth: opts.auth });
  app.decorateRequest('getUser', function getUser(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.addHook('onRequest', async (request) => {
    let cached: Promise<CurrentUser | null> | undefined;
    request.getUser = () => {
      cached ??= (async () => {
        if (!request.headers.cookie) return null;
        const session = await opts.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (!session) return null;
        const [row] = await opts.db.select().from(userTable).where(eq(userTable.id, session.user.id));
        return row ?? null;
      })();
      return cached;
    };
  });
});
