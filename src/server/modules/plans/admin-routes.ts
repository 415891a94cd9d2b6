/**
 * Plans in the team console (docs/product.md "Team console", "Plans and packages"): an account's subscriptions (as
 * client or expert), and ending one with its month's unused sessions refunded. 401 to visitors and 403 to any account
 * but an admin with two-factor sign-in, checked before the body is read; the refund is audited by its use case.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, optionalIdempotencyHeader } from '../../../shared/schemas/common.js';
import { packageRefundInput } from '../../../shared/schemas/packages.js';
import { subscriptionList, subscriptionView } from '../../../shared/schemas/plans.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { reportingTo } from '../../infra/failure-report.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { listSubscriptionsOfUser } from './use-cases/list-subscriptions.js';
import { refundSubscriptionForTeam } from './use-cases/refund-subscription-for-team.js';

const params = z.object({ id: z.string().max(200) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const planAdminRoutes: FastifyPluginAsyncZod<{ db: Db; provider: PaymentProvider; baseUrl: string }> = async (app, { db, provider, baseUrl }) => {
  const tags = ['admin', 'plans'];
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);
  // Encapsulated: the hook guards exactly the routes of this plugin.
  app.addHook('onRequest', async (request) => {
    await admin(request);
  });
  const config = { signIn: 'required' } as const;

  /** The plans account `id` subscribed to or sells, newest first. */
  app.get('/api/admin/users/:id/subscriptions', { config, schema: { tags, params, response: { 200: subscriptionList, ...errors } } }, async (request) => ({
    subscriptions: await listSubscriptionsOfUser(db, request.params.id),
  }));

  /**
   * Ends subscription `id` now and refunds its month's unused sessions to the client's card `{ reason }`; audited.
   * Optional Idempotency-Key: a replay answers the subscription and moves nothing; the key with another subscription
   * or body 422. 404; 409 already ended.
   */
  app.post(
    '/api/admin/subscriptions/:id/refund',
    {
      config,
      schema: {
        tags,
        params,
        headers: optionalIdempotencyHeader,
        body: packageRefundInput,
        response: { 200: subscriptionView, 422: errorResponse, ...errors },
      },
    },
    async (request) =>
      refundSubscriptionForTeam(
        db,
        reportingTo({ provider, baseUrl }, request),
        await admin(request),
        request.params.id,
        request.body.reason,
        request.headers['idempotency-key'],
      ),
  );
};
