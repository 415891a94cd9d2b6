/**
 * Team-console contracts for the payment retries (docs/product.md "Team console", "Payments"; docs/decisions/029-answers-after-commit.md):
 * money the payment processor failed to give back to a client or to transfer to an expert, and has not yet. The list,
 * asking again, and marking one done by hand. Instants are UTC ISO-8601, money integer cents.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { pageOf, pageQuery, requiredText } from './common.js';

/** GET /api/admin/payment-retries: `status` open (still to do, oldest first) or done (newest first). */
export const paymentRetryListQuery = pageQuery.extend({ status: z.enum(['open', 'done']).default('open') });
export type PaymentRetryListQuery = z.infer<typeof paymentRetryListQuery>;

/**
 * What a payment retry moves: `give-back`, money back to the client (a card hold to void, a payment to refund, a plan
 * renewal invoice to void); `transfer`, the expert's share of a release paid by a partner's credit, from the platform's
 * balance to the expert's Stripe connected account (docs/product.md "Booking with credit").
 */
export const paymentRetryKind = z.enum(['give-back', 'transfer']);
export type PaymentRetryKind = z.infer<typeof paymentRetryKind>;

export const paymentRetry = z.object({
  id: z.string(),
  /** `transfer` when the row names a connected account to pay (`transfer_to`), else `give-back`. */
  kind: paymentRetryKind,
  /** The payment processor asked (`stripe`, `fake`) and its reference: of the payment (or invoice) for a give-back, the transfer group (the session) for a transfer. */
  provider: z.string(),
  providerRef: z.string(),
  amountCents: z.number().int(),
  /** What the money was for, as the server wrote it when the first attempt failed. */
  why: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRetry = z.infer<typeof paymentRetry>;
export const paymentRetryPage = pageOf(paymentRetry);

/** POST /api/admin/payment-retries/{id}/resolve: how the team gave the money back, or paid the expert, outside Mentora (`reason`). */
export const resolvePaymentRetryInput = z.object({ reason: requiredText(messages.admin.paymentRetryNote, 1000) });
export type ResolvePaymentRetryInput = z.input<typeof resolvePaymentRetryInput>;

/** The answer of a retry: the row as it is now, and whether the processor gave the money back or made the transfer this time. */
export const paymentRetryOutcome = z.object({ retry: paymentRetry, done: z.boolean() });
