/**
 * People in the team console, under /api/admin/users (docs/product.md "Team console", "People"). Registered inside
 * adminRoutes, so its guard (401 visitors, 403 anyone but an admin with two-factor sign-in) runs before each.
 */
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.js';
import { auditPage, idParams } from '../../../shared/schemas/admin.js';
import { cancelledSessions, reasonInput, roleChangeInput, userDetail, userListQuery, userPage, userSessionPage } from '../../../shared/schemas/admin-users.js';
import { errorResponse, pageQuery } from '../../../shared/schemas/common.js';
import { requireRole } from '../../auth/guards.js';
import { AppError } from '../../errors.js';
import type { AdminDeps } from './deps.js';
import { changeRole } from './role-change-service.js';
import { findUser, getUserDetail, listUserAudit, listUserSessions, listUsers } from './user-directory-service.js';
import { cancelBookedSessionsOf } from './user-sessions-service.js';
import { liftMessagingSuspension } from './messaging-suspension-service.js';
import { reinstateUser, suspendUser } from './user-suspension-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const adminUserRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { db, baseUrl } = deps;
  const tags = ['admin'];
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);

  /** Accounts newest first; `q` part of a name or e-mail, `role` (client, expert, admin, none), `state` (active, suspended, deleted). */
  app.get(
    '/api/admin/users',
    { config: { signIn: 'required' }, schema: { tags, querystring: userListQuery, response: { 200: userPage, ...errors } } },
    async (request) => listUsers(db, request.query),
  );

  /** One account: profile and state, sign-in sessions, booked sessions, applications, organisations managed. 404. */
  app.get(
    '/api/admin/users/:id',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: userDetail, ...errors } } },
    async (request) => getUserDetail(db, request.params.id),
  );

  /**
   * The sessions the account is a party of (as client or expert) with their payments, the latest start first,
   * `?page=&pageSize=` (20, at most 100) with their total; cents, UTC. 400 a page out of range; 404.
   */
  app.get(
    '/api/admin/users/:id/sessions',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, querystring: pageQuery, response: { 200: userSessionPage, ...errors } } },
    async (request) => listUserSessions(db, request.params.id, request.query),
  );

  /** The team's actions about the account and everything that belongs to it, newest first, `?page=&pageSize=` (20, at most 100). 404. */
  app.get(
    '/api/admin/users/:id/audit',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, querystring: pageQuery, response: { 200: auditPage, ...errors } } },
    async (request) => listUserAudit(db, request.params.id, request.query),
  );

  /**
   * Suspends the account `{ reason }`: it is signed out on every server at once (its sign-in session rows and their
   * copies in Redis go; every server's kept session checks drop them through the change feed), cannot sign in, a
   * published expert profile leaves the catalogue, the plans subscribed to the expert end with their month's unused
   * share refunded, and the person is e-mailed. 200 the user's page; 400 no reason; 404;
   * 409 own account or already suspended.
   */
  app.post(
    '/api/admin/users/:id/suspend',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: reasonInput, response: { 200: userDetail, ...errors } } },
    async (request) => {
      const { sessionTokens } = await suspendUser(db, deps, await admin(request), request.params.id, request.body.reason);
      if (sessionTokens.length) await (await app.auth.$context).internalAdapter.deleteSessions(sessionTokens);
      return getUserDetail(db, request.params.id);
    },
  );

  /** Reinstates a suspended account `{ reason }` (e-mailed); its hidden expert profile stays hidden until republished. 200 the user's page; 400; 404; 409 not suspended. */
  app.post(
    '/api/admin/users/:id/reinstate',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: reasonInput, response: { 200: userDetail, ...errors } } },
    async (request) => {
      await reinstateUser(db, await admin(request), request.params.id, request.body.reason, baseUrl);
      return getUserDetail(db, request.params.id);
    },
  );

  /**
   * Lifts the suspension of the account's messaging (set from a message report) `{ reason }`, e-mailed: it can send and
   * start conversations again. Audited. 200 the user's page; 400 no reason; 404; 409 its messaging is not suspended.
   */
  app.post(
    '/api/admin/users/:id/messaging/lift',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: reasonInput, response: { 200: userDetail, ...errors } } },
    async (request) => {
      await liftMessagingSuspension(db, (await admin(request)).id, request.params.id, request.body.reason, baseUrl);
      return getUserDetail(db, request.params.id);
    },
  );

  /**
   * Cancels every booked, not yet started session of a suspended account `{ reason }` with full refunds; both parties
   * e-mailed. 200 `{ cancelled, refundedCents }` (0 on a repeat); 400; 404; 409 not suspended.
   */
  app.post(
    '/api/admin/users/:id/cancel-booked-sessions',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: reasonInput, response: { 200: cancelledSessions, ...errors } } },
    async (request) => cancelBookedSessionsOf(db, deps, await admin(request), request.params.id, request.body.reason),
  );

  /**
   * Changes the account's role `{ role, code }`, `code` being the acting admin's current authenticator code (checked by
   * Better Auth's two-factor plugin against their own secret). Five tries a minute. 200 the user's page; 400 bad body,
   * wrong code ('That code is not right…') or a code already used, at sign-in or a role change ('This code has already
   * been used…', auth/totp-once.ts); 404; 409 own account or the same role.
   */
  app.post(
    '/api/admin/users/:id/role',
    {
      config: { signIn: 'required', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags, params: idParams, body: roleChangeInput, response: { 200: userDetail, 429: errorResponse, ...errors } },
    },
    async (request) => {
      const acting = await admin(request);
      // An unknown account answers 404 before the code is checked: a code works once, and a mistyped id must not use it up.
      await findUser(db, request.params.id);
      await app.auth.api.verifyTOTP({ body: { code: request.body.code }, headers: fromNodeHeaders(request.headers) }).catch((err: unknown) => {
        if (err instanceof APIError)
          throw new AppError('VALIDATION', err.body?.code === 'TOTP_CODE_USED' ? messages.auth.totpCodeUsed : messages.admin.codeWrong);
        throw err;
      });
      await changeRole(db, acting, request.params.id, request.body.role);
      return getUserDetail(db, request.params.id);
    },
  );
};
