/** GET /api/me/payouts, POST /api/me/payouts/onboarding (service.ts) and GET /api/me/earnings (earnings-service.ts); experts only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { earningsView, onboardingLink, payoutsView } from '../../../shared/schemas/payouts.js';
import { requireRole } from '../../auth/guards.js';
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
  /** The signed-in expert's earnings ledger: totals in cents and the newest 200 movements (held, released, refunded, disputed). 401, 403. */
  app.get(
    '/api/me/earnings',
    { config: { signIn: 'required' }, schema: { tags: ['payments'], response: { 200: earningsView, 401: errorResponse, 403: errorResponse } } },
    async (request) => getEarnings(deps, await requireRole(request, ['expert'])),
  );
};
