/**
 * POST /api/payments/stripe/webhook (docs/product.md "Payments"): Stripe's event notifications. The raw body's signature is
 * checked against STRIPE_WEBHOOK_SECRET before anything is read; a forged or tampered event answers 400 and
 * changes nothing. Registered only when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { AppError } from '../../errors.js';
import { reportingTo } from '../../infra/failure-report.js';
import { applyStripeEvent, type WebhookDeps } from './stripe-webhook-service.js';

export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps; verify: (payload: Buffer, signature: string) => Stripe.Event }> = async (
  app,
  { deps, verify },
) => {
  // Encapsulated: only this plugin keeps JSON bodies as raw bytes, which the signature covers.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  /** 200 `{ received, outcome }` for a correctly signed event (also for a replay, which changes nothing); 400 otherwise. */
  app.post(
    '/api/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }), 400: errorResponse },
      },
      config: {
        rateLimit: { max: 600, timeWindow: '1 minute' },
        openapi: {
          description:
            "Called by Stripe, never by browsers: served only when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (404 otherwise). The body is Stripe's event JSON, read as raw bytes and accepted only with a valid `Stripe-Signature` header for STRIPE_WEBHOOK_SECRET (https://docs.stripe.com/webhooks#verify-events); anything else answers 400 and changes nothing. A replayed event answers 200 with `outcome: duplicate`.",
          rawBody: {
            type: 'object',
            description: 'A Stripe event (https://docs.stripe.com/api/events/object)',
            properties: { id: { type: 'string' }, type: { type: 'string' }, data: { type: 'object' } },
            required: ['id', 'type', 'data'],
          },
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (!signature || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = verify(request.body, signature);
      } catch {
        request.log.warn('refused a Stripe webhook with a bad signature');
        throw new AppError('VALIDATION', 'Invalid webhook signature');
      }
      return { received: true as const, outcome: await applyStripeEvent(reportingTo(deps, request), event) };
    },
  );
};
