/**
 * A test app paying through Stripe without the internet (docs/product.md "Payments"): the real SDK pointed at the
 * local fake of the API (fake-stripe.ts), and Stripe's events delivered to the webhook endpoint signed as Stripe signs
 * them, with the official SDK's generateTestHeaderString.
 */
import Stripe from 'stripe';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { FakeStripe, type FakeEvent } from './fake-stripe.js';

const signer = new Stripe('sk_test_signer');

/** The fake Stripe API for `secretKey`, and an app using it (with the `env` given) with webhooks signed by `webhookSecret`. */
export async function createStripeTestApp(
  secretKey: string,
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<{ fake: FakeStripe; ctx: TestContext }> {
  const fake = await new FakeStripe(secretKey).start();
  const ctx = await createTestApp({
    ...env,
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_mentora',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: fake.url,
  });
  return { fake, ctx };
}

/** Delivers `event` to the webhook endpoint signed for `secret`; `tamper` changes the body after signing. */
export function deliverStripeEvent(ctx: TestContext, event: object, secret: string, tamper?: (payload: string) => string) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: tamper ? tamper(payload) : payload,
  });
}

/** Delivers `events` in order, signed for `secret`, each acknowledged (200); answers each one's `type:outcome`. */
export async function deliverStripeEvents(ctx: TestContext, events: FakeEvent[], secret: string): Promise<string[]> {
  const outcomes: string[] = [];
  for (const e of events) {
    const res = await deliverStripeEvent(ctx, e, secret);
    expect(res.statusCode, res.body).toBe(200);
    outcomes.push(`${e.type}:${res.json().outcome}`);
  }
  return outcomes;
}
