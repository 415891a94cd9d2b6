/**
 * GET /api/me/payouts, POST /api/me/payouts/onboarding (service.ts), GET /api/me/earnings (earnings-service.ts) and
 * GET /api/me/earnings/ledger (earnings-ledger-service.ts); experts only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, pageQuery } from '../../../shared/schemas/common.js';
import { earningsLedgerPage, earningsView, onboardingLink, payoutsView } from '../../../shared/schemas/payouts.js';
import { requireRole } from '../../auth/guards.js';
import { listEarningsLedger } from './earnings-ledger-service.js';
import { getEarnings } from './earnings-service.js';
import { getPayouts, startOnboarding, type PayoutDeps } from './service.js';

const errors = { 401: errorResponse, 403: errorResponse, 503: errorResponse };

export const payoutRoutes: FastifyPluginAsyncZod<PayoutDeps> = async (app, deps) => {
  /** The signed-in expert's payout account: mode, status and account id. 401 visitor, 403 not an expert, 503 Stripe unreachable. */
  app.get('/api/me/payouts', { config: { signIn: 'required' }, schema: { tags: ['payments'], response: { 200: payoutsView, ...errors } } }, async (request) =>
    getPayouts(deps, await requireRole(request, ['expert'])),
  );

  /** Opens Stripe's onboarding for the signed-in expert: `{ url }` to send the browser to. 401, 403, 409 without Stripe, 503 Stripe unreachable. */
  app.post(
    '/api/me/payouts/onboarding',
    { config: { signIn: 'required' }, schema: { tags: ['payments'], response: { 200: onboardingLink, ...errors, 409: errorResponse } } },
    async (request) => startOnboarding(deps, await requireRole(request, ['expert'])),
  );
  /** The signed-in expert's earnings totals in cents — earned, held, refunded — over every ledger entry. 401, 403. */
  app.get(
    '/api/me/earnings',
    { config: { signIn: 'required' }, schema: { tags: ['payments'], response: { 200: earningsView, 401: errorResponse, 403: errorResponse } } },
    async (request) => getEarnings(deps, await requireRole(request, ['expert'])),
  );

  /**
   * The signed-in expert's earnings ledger, newest first, `?page=&pageSize=` (20 by default, at most 100) with its
   * total: each movement (held, released, refunded, disputed, returned) in cents, with its client and session
   * (earnings-ledger-service.ts). 400 a page out of range, 401, 403.
   */
  app.get(
    '/api/me/earnings/ledger',
    {
      config: { signIn: 'required' },
      schema: { tags: ['payments'], querystring: pageQuery, response: { 200: earningsLedgerPage, 400: errorResponse, 401: errorResponse, 403: errorResponse } },
    },
    async (request) => listEarningsLedger(deps, await requireRole(request, ['expert']), request.query),
  );
};
