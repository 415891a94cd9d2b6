/**
 * Packages in the team console (docs/product.md "Team console", "Plans and packages"): an account's packages bought
 * or sold, and the refund of a package's unused sessions. 401 to visitors and 403 to any account but an admin with
 * two-factor sign-in, checked before the body is read; the refund is audited by its use case.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, optionalIdempotencyHeader } from '../../../shared/schemas/common.js';
import { packageRefundInput, purchaseList, purchaseView } from '../../../shared/schemas/packages.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { listPurchasesOfUser } from './use-cases/list-purchases.js';
import { refundPackageForTeam } from './use-cases/refund-package-for-team.js';

const params = z.object({ id: z.string().max(200) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const packageAdminRoutes: FastifyPluginAsyncZod<{ db: Db; provider: PaymentProvider; baseUrl: string }> = async (app, { db, provider, baseUrl }) => {
  const tags = ['admin', 'packages'];
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);
  // Encapsulated: the hook guards exactly the routes of this plugin.
  app.addHook('onRequest', async (request) => {
    await admin(request);
  });
  const config = { signIn: 'required' } as const;

  /** The packages account `id` bought or sold, newest first. */
  app.get('/api/admin/users/:id/package-purchases', { config, schema: { tags, params, response: { 200: purchaseList, ...errors } } }, async (request) => ({
    purchases: await listPurchasesOfUser(db, request.params.id),
  }));

  /**
   * Refunds the unused sessions of purchase `id` to the client's card `{ reason }` and ends the package (status
   * `ended`, `endedBy` team); audited, the client e-mailed. Optional Idempotency-Key: a replay answers the purchase and
   * moves nothing; the key with another purchase or body 422. 404; 409 ended, expired or nothing unused.
   */
  app.post(
    '/api/admin/package-purchases/:id/refund',
    {
      config,
      schema: { tags, params, headers: optionalIdempotencyHeader, body: packageRefundInput, response: { 200: purchaseView, 422: errorResponse, ...errors } },
    },
    async (request) =>
      refundPackageForTeam(db, { provider, baseUrl }, await admin(request), request.params.id, request.body.reason, request.headers['idempotency-key']),
  );
};
