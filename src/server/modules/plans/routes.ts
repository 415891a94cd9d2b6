/**
 * Plan endpoints (docs/product.md "Plans and packages"): an expert's plans (/api/me/plans), a published expert's
 * open plans (/api/experts/{id}/plans, read fresh: never kept), subscribing, booking a session of the month,
 * cancelling, the expert ending a plan, the client's subscriptions and the expert's subscribers. Rules live in the
 * services and use cases.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { packageBookingInput, purchaseInput } from '../../../shared/schemas/packages.js';
import {
  planChangeInput,
  planChangeQuote,
  planChangeResult,
  planInput,
  planList,
  planView,
  renewalConfirmation,
  subscriptionAwaitingBank,
  subscriptionList,
  subscriptionView,
} from '../../../shared/schemas/plans.js';
import { idempotencyHeader, sessionView } from '../../../shared/schemas/sessions.js';
import { requireUser } from '../../auth/guards.js';
import { reportingTo } from '../../infra/failure-report.js';
import type { SessionDeps } from '../sessions/booking-service.js';
import { bookPlanSession } from '../sessions/use-cases/book-plan-session.js';
import { createPlan, listOwnPlans, listPublicPlans, updatePlan } from './offer-service.js';
import { cancelSubscription } from './use-cases/cancel-subscription.js';
import { changePlan, quotePlanChange } from './use-cases/change-plan.js';
import { endPlan } from './use-cases/end-plan.js';
import { renewalConfirmation as confirmationOf } from './use-cases/renewal-confirmation.js';
import { completePlanStart } from './use-cases/settle-plan-start.js';
import { listMySubscribers, listMySubscriptions } from './use-cases/list-subscriptions.js';
import { subscribe } from './use-cases/subscribe.js';

const params = z.object({ id: z.string().max(200) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const signIn = { signIn: 'required' } as const;
const rateLimited = { ...signIn, rateLimit: { max: 30, timeWindow: '1 minute' } };

export const planRoutes: FastifyPluginAsyncZod<SessionDeps & { testHooks: boolean }> = async (app, deps) => {
  const tags = ['plans'];
  const { db } = deps;

  /** A published expert's open plans, cheapest first, each with the price of its sessions one by one (cents). 404 unknown expert. */
  app.get('/api/experts/:id/plans', { schema: { tags, params, response: { 200: planList, ...errors } } }, async (request) => ({
    plans: await listPublicPlans(db, request.params.id),
  }));

  /** The signed-in expert's plans, open and closed, with their live subscribers. 403 without an expert profile. */
  app.get('/api/me/plans', { config: signIn, schema: { tags, response: { 200: planList, ...errors } } }, async (request) => ({
    plans: await listOwnPlans(db, await requireUser(request)),
  }));

  /** Offers a new plan `planInput`: 201 with it. 400 outside the limits; 403 without an expert profile; 409 already three plans. */
  app.post('/api/me/plans', { config: signIn, schema: { tags, body: planInput, response: { 201: planView, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createPlan(db, await requireUser(request), request.body)),
  );

  /** Changes (or closes, `open: false`) one of the expert's plans; subscribers so far keep their terms. 404 not theirs. */
  app.put('/api/me/plans/:id', { config: signIn, schema: { tags, params, body: planInput, response: { 200: planView, ...errors } } }, async (request) =>
    updatePlan(db, await requireUser(request), request.params.id, request.body),
  );

  /** Ends plan `id`: closed to new subscribers, and every subscriber's plan ends now with the month's unused share refunded. 404 not theirs. */
  app.post(
    '/api/me/plans/:id/end',
    { config: signIn, schema: { tags, params, response: { 200: z.object({ ended: z.number().int() }), ...errors } } },
    async (request) => endPlan(db, reportingTo(deps, request), await requireUser(request), request.params.id),
  );

  /** The signed-in expert's subscribers, newest first. */
  app.get('/api/me/plan-subscribers', { config: signIn, schema: { tags, response: { 200: subscriptionList, ...errors } } }, async (request) => ({
    subscriptions: await listMySubscribers(db, await requireUser(request)),
  }));

  /** The signed-in client's plans, newest first, with the month's sessions left, the next renewal and every period paid. */
  app.get('/api/me/subscriptions', { config: signIn, schema: { tags, response: { 200: subscriptionList, ...errors } } }, async (request) => ({
    subscriptions: await listMySubscriptions(db, await requireUser(request)),
  }));

  /**
   * Subscribes to plan `id` by card (Idempotency-Key required): 201 `{ subscription }`, 200 on a replay with the same
   * body, 422 with another. 202 `{ subscriptionId, paymentAction }` when the bank asks for 3-D Secure: nothing starts
   * until it confirms (a replay meanwhile: 409 still confirming, 402 refused or abandoned). 400 invalid card; 402
   * declined; 403 not a client, or one's own plan; 404; 409 closed to new subscribers, already subscribed to this expert
   * (or a start with them awaiting the bank).
   */
  app.post(
    '/api/plans/:id/subscriptions',
    {
      config: rateLimited,
      schema: {
        tags,
        params,
        headers: idempotencyHeader,
        body: purchaseInput,
        response: {
          200: z.object({ subscription: subscriptionView }),
          201: z.object({ subscription: subscriptionView }),
          202: subscriptionAwaitingBank,
          402: errorResponse,
          422: errorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, messages.booking.signInToBook);
      const result = await subscribe(reportingTo(deps, request), user, request.params.id, request.body, request.headers['idempotency-key']);
      if ('awaitingBank' in result) {
        const { subscriptionId, clientSecret } = result.awaitingBank;
        return reply.code(202).send({ subscriptionId, paymentAction: { clientSecret } });
      }
      return reply.code(result.replayed ? 200 : 201).send({ subscription: result.subscription });
    },
  );

  /**
   * After the bank's 3-D Secure step in the browser: asks Stripe and answers the subscription `id` once the bank
   * confirmed (docs/product.md "Plans and packages", "With Stripe"). 409 while it still confirms; 402 refused, or
   * abandoned for a day; 404 not the caller's.
   */
  app.post(
    '/api/subscriptions/:id/payment',
    { config: rateLimited, schema: { tags, params, response: { 200: z.object({ subscription: subscriptionView }), 402: errorResponse, ...errors } } },
    async (request) => ({ subscription: await completePlanStart(reportingTo(deps, request), await requireUser(request), request.params.id) }),
  );

  /**
   * The renewal confirmation page (docs/product.md "Plans and packages", "With Stripe"): `{ subscription, payment }`,
   * `payment` the client secret of the renewal invoice's PaymentIntent and its cents while the bank's 3-D Secure step
   * waits, else null. Moves nothing: Stripe's invoice.paid grants the month. 404 not the caller's.
   */
  app.get(
    '/api/subscriptions/:id/renewal-confirmation',
    { config: signIn, schema: { tags, params, response: { 200: renewalConfirmation, ...errors } } },
    async (request) => confirmationOf(deps, await requireUser(request), request.params.id),
  );

  /**
   * Books a session of the current month of subscription `id` with no card step (Idempotency-Key required): 201
   * `{ session }`, 200 on a replay, 422 another body. 400 past time; 403 not a client; 404 not the caller's
   * subscription; 409 ended, payment failing, after the month, none left, time not offered or taken.
   */
  app.post(
    '/api/subscriptions/:id/sessions',
    {
      config: rateLimited,
      schema: {
        tags,
        params,
        headers: idempotencyHeader,
        body: packageBookingInput,
        response: { 200: z.object({ session: sessionView }), 201: z.object({ session: sessionView }), 422: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, messages.booking.signInToBook);
      const result = await bookPlanSession(reportingTo(deps, request), user, request.params.id, request.body, request.headers['idempotency-key']);
      return reply.code(result.replayed ? 200 : 201).send({ session: result.session });
    },
  );

  /**
   * Cancels subscription `id`: it runs to the end of the month, or within 48 hours of a renewal with no session of the
   * month booked ends now with the month refunded. 404 not the caller's; 409 already cancelled.
   */
  app.post('/api/subscriptions/:id/cancel', { config: signIn, schema: { tags, params, response: { 200: subscriptionView, ...errors } } }, async (request) =>
    cancelSubscription(db, reportingTo(deps, request), await requireUser(request), request.params.id),
  );

  /**
   * What changing subscription `id` to the expert's plan `planId` would move now, in cents: the credit for the old
   * plan's unused time (refunded) and the charge for the new plan's rest of the month. Moves nothing. 404 not the
   * caller's, or not the expert's plan; 409 ended, cancelled, payment failing, the same plan, closed, month nearly over.
   */
  app.get(
    '/api/subscriptions/:id/change',
    { config: signIn, schema: { tags, params, querystring: planChangeInput, response: { 200: planChangeQuote, ...errors } } },
    async (request) => quotePlanChange(db, await requireUser(request), request.params.id, request.query.planId),
  );

  /**
   * Changes subscription `id` to the expert's plan `planId` now, prorated (docs/product.md "Plans and packages"):
   * `{ subscription, proration }`. Repeating it answers 409 'You are already on this plan.' and moves nothing. 400/402
   * the saved card refused the charge; 503 the processor could not be reached mid-charge (nothing changes, anything
   * charged is given back); otherwise as the quote.
   */
  app.post(
    '/api/subscriptions/:id/change',
    { config: rateLimited, schema: { tags, params, body: planChangeInput, response: { 200: planChangeResult, 402: errorResponse, ...errors } } },
    async (request) => changePlan(reportingTo(deps, request), await requireUser(request), request.params.id, request.body.planId),
  );

  if (deps.testHooks) {
    const { renewDueSubscriptions } = await import('./use-cases/renew-subscriptions.js');
    /**
     * Test only (TEST_HOOKS=1, never in production): runs the renewal job once now — the request's X-Test-Now, so a
     * journey moves the clock a month and renews (src/server/http/test-clock.ts) — for the signed-in client's plans
     * only, so journeys running at once leave each other's plans alone. Answers how many were handled.
     */
    app.post('/api/test/plans/renewals', { config: signIn, schema: { hide: true } }, async (request) => ({
      handled: await renewDueSubscriptions(deps, undefined, (await requireUser(request)).id),
    }));
  }
};
