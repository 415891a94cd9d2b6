/** Shapes of the expert's payout account endpoints (releases transfer to the expert's connected account; docs/product.md "Payouts"). */
import { z } from 'zod';
import { pageOf } from './common.js';

/**
 * GET /api/me/payouts. `mode` 'simulated' when the server has no Stripe key (released money is only
 * recorded); with Stripe: 'not_connected' (no account yet), 'pending' (onboarding not finished, so
 * releases stay in the platform balance) or 'active' (releases are transferred to `accountId`).
 */
export const payoutsView = z.object({
  mode: z.enum(['simulated', 'stripe']),
  status: z.enum(['not_connected', 'pending', 'active']),
  accountId: z.string().nullable(),
});
export type PayoutsView = z.infer<typeof payoutsView>;

/** POST /api/me/payouts/onboarding: the one-time Stripe page where the expert enters bank and identity details. */
export const onboardingLink = z.object({ url: z.url() });
export type OnboardingLink = z.infer<typeof onboardingLink>;

/** One money movement of the expert's ledger: held at booking, released to the expert, refunded to the client, or frozen by a card dispute. */
export const ledgerEntry = z.object({
  id: z.string(),
  /** ISO instant (UTC) the movement was recorded. */
  at: z.string(),
  /** `returned`: a package session's share went back to the client's package (docs/product.md "Plans and packages"). */
  type: z.enum(['held', 'released', 'refunded', 'disputed', 'returned']),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The session the money was paid for; null for a package's or plan month's unused sessions released to the expert. */
  sessionId: z.string().nullable(),
  clientName: z.string(),
  /** ISO instant (UTC) the session starts; null for a package's unused sessions. */
  sessionStartsAt: z.string().nullable(),
  /** The package purchase of a release of unused sessions at expiry, else null. */
  packagePurchaseId: z.string().nullable(),
  /** The plan's month of a release of its unused sessions at the month's end, else null. */
  planPeriodId: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/**
 * GET /api/me/earnings/ledger?page=&pageSize= (docs/product.md "Earnings"): the expert's ledger entries, newest first,
 * a page at a time (`pageQuery`: 20 a page by default, at most 100), with their total. Cents, UTC.
 */
export const earningsLedgerPage = pageOf(ledgerEntry);
export type EarningsLedgerPage = z.infer<typeof earningsLedgerPage>;

/**
 * GET /api/me/earnings (docs/product.md "Earnings"): `totalEarnedCents` is every release to the expert (confirmations,
 * dispute decisions, the kept part of a partial refund, unused prepaid sessions); `heldCents` what is still held for
 * their sessions; `refundedCents` what went back to clients — each over every ledger entry. Integer cents in
 * `currency`. The entries are paged apart (`earningsLedgerPage`).
 */
export const earningsView = z.object({
  currency: z.string(),
  totalEarnedCents: z.number().int(),
  heldCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type EarningsView = z.infer<typeof earningsView>;
