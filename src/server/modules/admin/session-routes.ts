/**
 * Sessions and money in the team console, under /api/admin/sessions and /api/admin/experts (docs/product.md "Team
 * console", "Sessions and money"). Registered inside adminRoutes, so its guard (401 visitors, 403 anyone but an admin
 * with two-factor sign-in) runs before each.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/admin.js';
import { adminSessionDetail, adminSessionPage, refundInput, sessionListQuery, visibilityInput } from '../../../shared/schemas/admin-sessions.js';
import { userDetail } from '../../../shared/schemas/admin-users.js';
import { errorResponse, optionalIdempotencyHeader } from '../../../shared/schemas/common.js';
import { requireRole } from '../../auth/guards.js';
import type { AdminDeps } from './deps.js';
import { setExpertVisibility } from './expert-visibility-service.js';
import { getSessionForTeam, listSessions } from './session-directory-service.js';
import { refundSession } from './session-refund-service.js';
import { getUserDetail } from './user-directory-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const adminSessionRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, provider, baseUrl }) => {
  const tags = ['admin'];
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);

  /** Any session, newest start first: `q` a session id or a part of a party's name or e-mail, `from` / `to` UTC dates of the start, `status`. */
  app.get(
    '/api/admin/sessions',
    { config: { signIn: 'required' }, schema: { tags, querystring: sessionListQuery, response: { 200: adminSessionPage, ...errors } } },
    async (request) => listSessions(db, request.query),
  );

  /** One session with both parties, its payment ledger (oldest first) and the cents a refund may return now. 404. */
  app.get(
    '/api/admin/sessions/:id',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: adminSessionDetail, ...errors } } },
    async (request) => getSessionForTeam(db, request.params.id),
  );

  /**
   * Refunds `{ refundCents, reason }` of the money held for the session (the rest released to the expert); both parties
   * e-mailed, audited. Moves money, so it takes an optional Idempotency-Key: a replay with the same body answers the
   * session and changes nothing; the key with another session or body 422. 400 outside 1..held; 404; 409 disputed or
   * nothing held.
   */
  app.post(
    '/api/admin/sessions/:id/refund',
    {
      config: { signIn: 'required' },
      schema: {
        tags,
        params: idParams,
        headers: optionalIdempotencyHeader,
        body: refundInput,
        response: { 200: adminSessionDetail, 422: errorResponse, ...errors },
      },
    },
    async (request) => refundSession(db, { provider, baseUrl }, await admin(request), request.params.id, request.body, request.headers['idempotency-key']),
  );

  /**
   * Hides (`published: false`) or republishes an expert's profile `{ published, reason }` (the expert profile's id),
   * without touching its sessions; hiding ends the plans subscribed to the expert with their month's unused share
   * refunded; the expert e-mailed, audited. 200 the owner's user page; 400; 404; 409.
   */
  app.post(
    '/api/admin/experts/:id/visibility',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: visibilityInput, response: { 200: userDetail, ...errors } } },
    async (request) => {
      const { userId } = await setExpertVisibility(db, { provider, baseUrl }, await admin(request), request.params.id, request.body);
      return getUserDetail(db, userId);
    },
  );
};
