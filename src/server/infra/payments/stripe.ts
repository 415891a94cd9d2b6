/**
 * The Stripe payment provider (docs/product.md "Payments"; docs/architecture.md "Session and payment lifecycles"), used when STRIPE_SECRET_KEY is set.
 *
 * hold    — creates and confirms a PaymentIntent on the server from a PaymentMethod that Stripe Elements made
 *           in the browser (card data never reaches us). When the money is released within the card
 *           authorisation window (`releaseBy` ≤ now + 7 days) it is only authorised (capture_method manual)
 *           and captured at release; otherwise it is charged now (automatic) and held in the platform
 *           balance until release. A card that needs 3-D Secure answers `requires_action` + client secret.
 * secure  — charges an authorisation in full when a client opens a dispute, so a decision made after the
 *           7-day authorisation window can still release or refund (a lapsed authorisation cannot be captured).
 * release — captures an authorisation, then transfers to the expert's connected account when one is set
 *           (separate charges and transfers); otherwise the release is recorded in our ledger only.
 * transfer — pays an organisation's credit share of a release from the platform balance (no source charge).
 * refund  — the Refunds API for charged money; on an uncaptured authorisation, refunding all of it cancels
 *           the authorisation and refunding part of it captures only the rest (the remainder returns to the card).
 * Monthly plans use Stripe Billing (stripe-billing.ts), joined to this provider by select.ts.
 * Every request carries an idempotency key derived from our payment / booking ids.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { declineMessage } from '../../../shared/cards.js';
import { messages } from '../../../shared/messages.js';
import { AppError } from '../../errors.js';
import type { HoldResult, HoldState, PaymentProvider } from './provider.js';
import { giveBackInvoice } from './stripe-invoice-give-back.js';

/** Card authorisations stay capturable for 7 days (docs/product.md "Payments"), in milliseconds. */
export const authorisationWindowMs = 7 * 24 * 3_600_000;

export type StripeOptions = { secretKey: string; apiUrl?: string };

/** A Stripe client; `apiUrl` (e.g. http://127.0.0.1:12111) points it at a local Stripe-compatible server. */
export function stripeClient({ secretKey, apiUrl }: StripeOptions): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe accepts idempotency keys of up to 255 characters: a longer one is replaced by its SHA-256 digest. */
export function idempotencyKeyFor(key: string): string {
  return key.length <= 255 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** 'held' | 'pending' | 'failed' for a PaymentIntent status. */
function stateOf(status: Stripe.PaymentIntent.Status): HoldState['state'] {
  if (status === 'requires_capture' || status === 'succeeded') return 'held';
  if (status === 'requires_payment_method' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The brand ('Visa', 'American Express') and last four digits of a card PaymentMethod, as receipts show them. */
export function cardOfMethod(method: Stripe.PaymentMethod | null): { cardBrand: string; cardLast4: string } {
  const brand = method?.card?.brand ?? 'card';
  return { cardBrand: brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1), cardLast4: method?.card?.last4 ?? '0000' };
}

function cardOf(intent: Stripe.PaymentIntent): { cardBrand: string; cardLast4: string } {
  return cardOfMethod(typeof intent.payment_method === 'object' ? intent.payment_method : null);
}

/** A refused card in the holder's words, from Stripe's decline code (or error code) — see declineMessage. */
export function declined(code: string | null | undefined): { ok: false; reason: 'declined' | 'insufficient_funds'; message: string } {
  return { ok: false, reason: code === 'insufficient_funds' ? 'insufficient_funds' : 'declined', message: declineMessage(code) };
}

/** True when Stripe refuses because the intent is already in the state we wanted (e.g. cancelled twice). */
function alreadyDone(err: unknown, wanted: Stripe.PaymentIntent.Status[]): boolean {
  if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.code !== 'payment_intent_unexpected_state') return false;
  const intent = (err.raw as { payment_intent?: { status?: Stripe.PaymentIntent.Status } }).payment_intent;
  return Boolean(intent?.status && wanted.includes(intent.status));
}

export function stripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options);
  const retrieve = (id: string) => stripe.paymentIntents.retrieve(id);

  async function capture(intent: Stripe.PaymentIntent, amountCents: number, idempotencyKey: string) {
    return stripe.paymentIntents.capture(intent.id, { amount_to_capture: amountCents }, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}:capture`) });
  }

  async function cancel(id: string, idempotencyKey: string, reason?: 'abandoned'): Promise<void> {
    try {
      await stripe.paymentIntents.cancel(id, reason ? { cancellation_reason: reason } : {}, { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}:cancel`) });
    } catch (err) {
      if (!alreadyDone(err, ['canceled'])) throw err;
    }
  }

  return {
    name: 'stripe',

    async hold({ amountCents, currency, paymentMethodId, releaseBy, now, idempotencyKey, description }): Promise<HoldResult> {
      if (!paymentMethodId) return { ok: false, reason: 'invalid_card', message: messages.payment.cardRequired };
      const manual = releaseBy.getTime() - now.getTime() <= authorisationWindowMs;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: currency.toLowerCase(),
            payment_method: paymentMethodId,
            allowed_payment_method_types: ['card'],
            capture_method: manual ? 'manual' : 'automatic',
            confirm: true,
            use_stripe_sdk: true,
            description,
            expand: ['payment_method'],
          },
          // A new card is a new attempt; the same card retried answers the first result.
          { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}:${paymentMethodId}`) },
        );
        const state = stateOf(intent.status);
        if (state === 'held') return { ok: true, providerRef: intent.id, ...cardOf(intent) };
        if (state === 'pending' && intent.client_secret)
          return {
            ok: false,
            reason: 'requires_action',
            providerRef: intent.id,
            clientSecret: intent.client_secret,
            message: messages.payment.authenticationRequired,
          };
        return declined(intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return declined(err.decline_code ?? err.code);
        throw err;
      }
    },

    async check(providerRef) {
      const intent = await stripe.paymentIntents.retrieve(providerRef, { expand: ['payment_method'] });
      const state = stateOf(intent.status);
      return state === 'held' ? { state, ...cardOf(intent) } : { state };
    },

    async cancel({ providerRef, idempotencyKey, reason }) {
      await cancel(providerRef, idempotencyKey, reason);
    },

    async secure({ providerRef, idempotencyKey }) {
      const intent = await retrieve(providerRef);
      if (intent.status === 'requires_capture') await capture(intent, intent.amount, idempotencyKey);
    },

    async release({ providerRef, amountCents, transferCents, idempotencyKey, destinationAccount }) {
      let intent = await retrieve(providerRef);
      // A lapsed authorisation (Stripe cancels it after 7 days) holds nothing: refuse rather than record money never captured.
      if (intent.status === 'canceled') throw new AppError('CONFLICT', messages.payment.authorisationLapsed);
      if (intent.status === 'requires_capture') intent = await capture(intent, amountCents, idempotencyKey);
      if (!destinationAccount) return;
      const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
      await stripe.transfers.create(
        {
          amount: transferCents,
          currency: intent.currency,
          destination: destinationAccount,
          transfer_group: intent.id,
          ...(charge ? { source_transaction: charge } : {}),
        },
        { idempotencyKey: idempotencyKeyFor(`${idempotencyKey}:transfer`) },
      );
    },

    async transfer({ amountCents, currency, destinationAccount, transferGroup, idempotencyKey }) {
      await stripe.transfers.create(
        { amount: amountCents, currency: currency.toLowerCase(), destination: destinationAccount, transfer_group: transferGroup },
        { idempotencyKey: idempotencyKeyFor(idempotencyKey) },
      );
    },

    async refund({ providerRef, amountCents, idempotencyKey }) {
      if (providerRef.startsWith('in_'))
        return giveBackInvoice(stripe, providerRef, (step) => ({ idempotencyKey: idempotencyKeyFor(`${idempotencyKey}:${step}`) }));
      const intent = await retrieve(providerRef);
      if (intent.status === 'succeeded') {
        await stripe.refunds.create({ payment_intent: intent.id, amount: amountCents }, { idempotencyKey: idempotencyKeyFor(idempotencyKey) });
      } else if (intent.status === 'requires_capture' && amountCents < intent.amount) {
        await capture(intent, intent.amount - amountCents, idempotencyKey);
      } else {
        await cancel(intent.id, idempotencyKey);
      }
    },
  };
}

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body with STRIPE_WEBHOOK_SECRET (5-minute tolerance)
 * and returns the event; throws on a forged, tampered or stale one.
 */
export function stripeWebhookVerifier(options: StripeOptions, webhookSecret: string): (payload: Buffer, signature: string) => Stripe.Event {
  const stripe = stripeClient(options);
  return (payload, signature) => stripe.webhooks.constructEvent(payload, signature, webhookSecret);
}
