/**
 * The payment retries in the team console, under /api/admin/payment-retries (docs/product.md "Team console"). Registered
 * inside adminRoutes, so its guard (401 visitors, 403 anyone but an admin with two-factor sign-in) runs before each.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/admin.js';
import {
  paymentRetry,
  paymentRetryListQuery,
  paymentRetryOutcome,
  paymentRetryPage,
  resolvePaymentRetryInput,
} from '../../../shared/schemas/admin-payment-retries.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { requireRole } from '../../auth/guards.js';
import type { AdminDeps } from './deps.js';
import { listPaymentRetries, resolvePaymentRetry, retryPaymentNow } from './payment-retry-review-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const adminPaymentRetryRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, provider }) => {
  const tags = ['admin'];
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);

  /** Give-backs and transfers the processor has not confirmed (`status=open`, oldest first) or has (`done`): kind, attempts, last error, next attempt. */
  app.get(
    '/api/admin/payment-retries',
    { config: { signIn: 'required' }, schema: { tags, querystring: paymentRetryListQuery, response: { 200: paymentRetryPage, ...errors } } },
    async (request) => listPaymentRetries(db, request.query),
  );

  /** Asks the processor again now with the same idempotency key: `{ retry, done }`; audited. 404; 409 already done or another processor's. */
  app.post(
    '/api/admin/payment-retries/:id/retry',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, response: { 200: paymentRetryOutcome, ...errors } } },
    async (request) => retryPaymentNow(db, provider, await admin(request), request.params.id),
  );

  /** Marks the retry done by hand `{ reason }` (the money went back, or to the expert, outside Mentora); audited. 400; 404; 409 already done. */
  app.post(
    '/api/admin/payment-retries/:id/resolve',
    { config: { signIn: 'required' }, schema: { tags, params: idParams, body: resolvePaymentRetryInput, response: { 200: paymentRetry, ...errors } } },
    async (request) => resolvePaymentRetry(db, await admin(request), request.params.id, request.body),
  );
};
