/**
 * Team-console contracts for money the payment processor owes back and has not yet given back (docs/product.md
 * "Team console", "Payments"; docs/decisions/029-answers-after-commit.md): the list, asking again, and marking one
 * given back by hand. Instants are UTC ISO-8601, money integer cents.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { pageOf, pageQuery, requiredText } from './common.js';

/** GET /api/admin/payment-retries: `status` open (still owed, oldest first) or done (newest first). */
export const paymentRetryListQuery = pageQuery.extend({ status: z.enum(['open', 'done']).default('open') });
export type PaymentRetryListQuery = z.infer<typeof paymentRetryListQuery>;

export const paymentRetry = z.object({
  id: z.string(),
  /** The payment processor asked (`stripe`, `fake`) and its reference of the payment. */
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

/** POST /api/admin/payment-retries/{id}/resolve: how the team gave the money back outside Mentora (`reason`). */
export const resolvePaymentRetryInput = z.object({ reason: requiredText(messages.admin.paymentRetryNote, 1000) });
export type ResolvePaymentRetryInput = z.input<typeof resolvePaymentRetryInput>;

/** The answer of a retry: the row as it is now, and whether the processor gave the money back this time. */
export const paymentRetryOutcome = z.object({ retry: paymentRetry, done: z.boolean() });
