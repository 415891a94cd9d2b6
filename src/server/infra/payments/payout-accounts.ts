/**
 * Stripe Connect accounts of experts (a release transfers to the expert's connected account; docs/product.md "Payouts").
 * An Express account is created once per expert; Stripe's hosted onboarding page collects bank and
 * identity details, so they never touch our server. Every POST carries an idempotency key.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { messages } from '../../../shared/messages.js';
import { AppError } from '../../errors.js';
import { idempotencyKeyFor, stripeClient, type StripeOptions } from './stripe.js';

/** Where an account stands: details handed in, and whether Stripe lets it receive payouts. */
export type PayoutAccountStatus = { detailsSubmitted: boolean; payoutsEnabled: boolean };

export interface PayoutAccounts {
  /** Creates an Express account for `email`; the same `idempotencyKey` answers the same account. Returns its id (acct_…). */
  create(input: { email: string; idempotencyKey: string }): Promise<string>;
  status(accountId: string): Promise<PayoutAccountStatus>;
  /** A single-use onboarding URL; Stripe sends the expert back to `returnUrl` (or `refreshUrl` when it expired). */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
}

/** Stripe unreachable or failing (after the SDK's retries) → 503 'Stripe could not be reached…'; anything else is ours. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError)
      throw new AppError('UNAVAILABLE', messages.payouts.unavailable);
    throw err;
  }
}

/** The Stripe implementation. Errors: AppError UNAVAILABLE (503) when Stripe cannot be reached. */
export function stripePayoutAccounts(options: StripeOptions): PayoutAccounts {
  const stripe = stripeClient(options);
  return {
    async create({ email, idempotencyKey }) {
      const account = await reaching(() =>
        stripe.accounts.create(
          { type: 'express', email, capabilities: { transfers: { requested: true } } },
          { idempotencyKey: idempotencyKeyFor(idempotencyKey) },
        ),
      );
      return account.id;
    },
    async status(accountId) {
      const account = await reaching(() => stripe.accounts.retrieve(accountId));
      return { detailsSubmitted: Boolean(account.details_submitted), payoutsEnabled: Boolean(account.payouts_enabled) };
    },
    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      // Each link is single-use, so each request is a new one.
      const link = await reaching(() =>
        stripe.accountLinks.create(
          { account: accountId, type: 'account_onboarding', refresh_url: refreshUrl, return_url: returnUrl },
          { idempotencyKey: `account-link:${randomUUID()}` },
        ),
      );
      return link.url;
    },
  };
}
