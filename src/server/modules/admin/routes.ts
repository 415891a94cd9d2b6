/**
 * Team console API under /api/admin (docs/product.md "Team console"). Every route answers 401 to visitors and 403 to any account
 * that is not an admin — checked in an onRequest hook, before the body is read or validated. Every list is
 * paginated (`page`, `pageSize`); every action is audited by its service.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationDetail,
  applicationListQuery,
  applicationPage,
  auditPage,
  consoleSummary,
  disputeListQuery,
  disputePage,
  disputeView,
  handledInput,
  idParams,
  inboxPage,
  inboxParams,
  inboxQuery,
  inboxReply,
  inboxReplyInput,
  rejectInput,
  resolveDisputeInput,
} from '../../../shared/schemas/admin.js';
import { dashboardQuery, dashboardView } from '../../../shared/schemas/admin-dashboard.js';
import { errorResponse, optionalIdempotencyHeader, pageQuery } from '../../../shared/schemas/common.js';
import { requireRole } from '../../auth/guards.js';
import type { AdminDeps } from './deps.js';
import {
  approveApplication,
  countOpenApplications,
  getApplication,
  listApplications,
  markUnderReview,
  rejectApplication,
} from './application-review-service.js';
import { listAudit } from './audit-service.js';
import { getDashboard } from './dashboard-service.js';
import { countOpenDisputes, getDispute, listDisputes, resolveDispute } from './dispute-resolution-service.js';
import { replyToInboxMessage } from './inbox-reply-service.js';
import { listInbox, setHandled, unhandledCounts } from './inbox-service.js';
import { adminPaymentRetryRoutes } from './payment-retry-routes.js';
import { adminSessionRoutes } from './session-routes.js';
import { adminUserRoutes } from './user-routes.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const { db, provider, baseUrl, mailFrom } = deps;
  const tags = ['admin'];
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);

  // Encapsulated: the hook guards exactly the routes of this plugin.
  app.addHook('onRequest', async (request) => {
    await admin(request);
  });

  // People (user-routes.ts), and sessions and money (session-routes.ts), behind the same guard.
  await app.register(adminUserRoutes, deps);
  await app.register(adminSessionRoutes, deps);
  await app.register(adminPaymentRetryRoutes, deps);

  /** What waits for the team: open applications, open disputes and unhandled inbox items (the console's tab counts). */
  app.get('/api/admin/summary', { config: { signIn: 'required' }, schema: { tags, response: { 200: consoleSummary, ...errors } } }, async () => {
    const [applications, disputes, inbox] = await Promise.all([countOpenApplications(db), countOpenDisputes(db), unhandledCounts(db)]);
    return { applications, disputes, inbox: Object.values(inbox).reduce((a, b) => a + b, 0) };
  });

  /** The dashboard: per UTC day of the last `days` (7, 30 or 90) the bookings, money, disputes and newcomers, and the applications waiting. */
  app.get(
    '/api/admin/dashboard',
    { config: { signIn: 'required' }, schema: { tags, querystring: dashboardQuery, response: { 200: dashboardView, ...errors } } },
    async (request) => getDashboard(db, request.query.days),
  );

  /** Applications by status (`open` = submitted, pending or under review: the queue, oldest first). */
  app.get(
    '/api/admin/applications',
    { config: { signIn: 'required' }, schema: { tags, querystring: applicationListQuery, response: { 200: applicationPage, ...errors } } },
    async (request) => listApplications(db, request.query),
  );

  /** One application: the applicant, answers, CV download link (GET /api/files/{id}), references and review. */
  app.get(
    '/api/admin/applications/:id',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: applicationDetail, ...errors } } },
    async (request) => getApplication(db, request.params.id),
  );

  /** submitted | pending → under_review. 409 from any other status. */
  app.post(
    '/api/admin/applications/:id/under-review',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: applicationDetail, ...errors } } },
    async (request) => markUnderReview(db, await admin(request), request.params.id),
  );

  /** Approves an open application: publishes the expert profile, makes the account an expert, e-mails the applicant. 409 otherwise. */
  app.post(
    '/api/admin/applications/:id/approve',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: applicationDetail, ...errors } } },
    async (request) => approveApplication(db, await admin(request), request.params.id, baseUrl),
  );

  /** Rejects an open application with a required reason, stored and e-mailed. 400 without a reason; 409 otherwise. */
  app.post(
    '/api/admin/applications/:id/reject',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: rejectInput, response: { 200: applicationDetail, ...errors } } },
    async (request) => rejectApplication(db, await admin(request), request.params.id, request.body.reason, baseUrl),
  );

  /** Disputes by status (open: the queue, oldest first). */
  app.get(
    '/api/admin/disputes',
    { config: { signIn: 'required' }, schema: { tags, querystring: disputeListQuery, response: { 200: disputePage, ...errors } } },
    async (request) => listDisputes(db, request.query),
  );

  /** One dispute: the session, both parties, the client's report, the payment and what is still held. */
  app.get(
    '/api/admin/disputes/:id',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: disputeView, ...errors } } },
    async (request) => getDispute(db, request.params.id),
  );

  /**
   * Decides an open dispute for the client (refund, session cancelled) or the expert (release, session
   * completed). Moves money, so it takes an optional Idempotency-Key: a replay with the same body answers the
   * first result; the key with another body or dispute answers 422.
   */
  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      config: { signIn: 'required' },
      schema: {
        tags,
        params: idParams,
        headers: optionalIdempotencyHeader,
        body: resolveDisputeInput,
        response: { 200: disputeView, 422: errorResponse, ...errors },
      },
    },
    async (request) =>
      resolveDispute(db, provider, await admin(request), request.params.id, request.body, { baseUrl, mailFrom }, request.headers['idempotency-key']),
  );

  /** One inbox (contact, partner, match, private_feedback), filtered by handled state, with every inbox's unhandled count. */
  app.get(
    '/api/admin/inbox',
    { config: { signIn: 'required' }, schema: { tags, querystring: inboxQuery, response: { 200: inboxPage, ...errors } } },
    async (request) => listInbox(db, request.query),
  );

  /** Marks one inbox item handled (`{ handled: true }`) or not. */
  app.put(
    '/api/admin/inbox/:kind/:id/handled',
    {
      config: { signIn: 'required' },
      schema: { tags, params: inboxParams, body: handledInput, response: { 200: z.object({ id: z.string(), handledAt: z.string().nullable() }), ...errors } },
    },
    async (request) => setHandled(db, await admin(request), request.params.kind, request.params.id, request.body.handled),
  );

  /**
   * Replies to one inbox message by e-mail `{ message }` (to the address the message came from), kept in its thread;
   * 201 with the reply. 404 unknown message, 409 when it has no e-mail address.
   */
  app.post(
    '/api/admin/inbox/:kind/:id/replies',
    {
      config: { signIn: 'required' },
      schema: { tags, params: inboxParams, body: inboxReplyInput, response: { 201: inboxReply, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await replyToInboxMessage(db, await admin(request), request.params.kind, request.params.id, request.body.message, baseUrl)),
  );

  /** The audit trail of every console action, newest first. */
  app.get(
    '/api/admin/audit',
    { config: { signIn: 'required' }, schema: { tags, querystring: pageQuery, response: { 200: auditPage, ...errors } } },
    async (request) => listAudit(db, request.query),
  );
};
