/**
 * Writing a subscription that has started (docs/product.md "Plans and packages", "Subscribing"): at once
 * (use-cases/subscribe.ts), or when the bank confirmed its card's 3-D Secure step (use-cases/settle-plan-start.ts). The
 * subscription with its terms frozen, its first period with its prepaid sessions and the ledger's 'charge', and the
 * e-mails to both sides, in the caller's transaction. Money integer cents, instants UTC.
 */
import { formatMoney } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import type { PaymentsStarted } from './billing-service.js';
import { expertPlanEmail, periodReceiptEmail, trialStartedEmail } from './emails.js';
import { emailBothSides, grantPeriod } from './period-service.js';

/** The terms frozen when a client subscribes (kept as `card_confirmations.terms` while the bank confirms). */
export type PlanTerms = {
  planId: string;
  expertId: string;
  expertName: string;
  clientName: string;
  name: string;
  priceCents: number;
  sessionCount: number;
  durationMinutes: number;
  chatPromise: string;
  platformFeeBps: number;
  currency: string;
  /** The free trial's days (0: the first month is paid now). */
  trialDays: number;
};

/**
 * Writes subscription `id` of `clientId` to `terms`, started at the processor as `started` (its card and first charge,
 * none in a trial) at `now`, in `tx`. `request` is the Idempotency-Key and its body's digest. Throws the database's
 * refusal (subscriptions_one_live, subscriptions_one_trial, the key's unique index) for the caller to answer.
 */
export async function writeSubscription(
  tx: Tx,
  baseUrl: string,
  w: { id: string; clientId: string; terms: PlanTerms; provider: string; started: PaymentsStarted; request: { idempotencyKey: string; requestHash: string } },
  now: Date,
): Promise<void> {
  const { trialDays, ...terms } = w.terms;
  const { started } = w;
  const end = started.periodEnd;
  const sub = {
    id: w.id,
    clientId: w.clientId,
    ...terms,
    status: trialDays > 0 ? ('trialing' as const) : ('active' as const),
    trialEndsAt: trialDays > 0 ? end : null,
    currentPeriodStart: now,
    currentPeriodEnd: end,
    provider: w.provider,
    savedCardRef: started.savedRef,
    providerSubscriptionRef: started.providerSubscriptionRef,
    cardBrand: started.cardBrand,
    cardLast4: started.cardLast4,
    ...w.request,
    createdAt: now,
    updatedAt: now,
  };
  await tx.insert(subscriptions).values(sub);
  const period = await grantPeriod(
    tx,
    sub,
    {
      number: 1,
      kind: trialDays > 0 ? 'trial' : 'paid',
      startsAt: now,
      endsAt: end,
      amountCents: trialDays > 0 ? 0 : terms.priceCents,
      providerRef: started.providerRef,
      providerInvoiceRef: started.invoiceRef,
    },
    now,
  );
  const what =
    trialDays > 0
      ? `${sub.clientName} started a ${trialDays}-day free trial of ${terms.name}.`
      : `${sub.clientName} subscribed to ${terms.name} and paid ${formatMoney(terms.priceCents, terms.currency)} for the first month.`;
  await emailBothSides(tx, sub, {
    client: (to) =>
      trialDays > 0
        ? trialStartedEmail(sub, end, to, baseUrl)
        : periodReceiptEmail(sub, { receiptNumber: period.receiptNumber!, amountCents: terms.priceCents, startsAt: now, endsAt: end }, to, now, baseUrl),
    expert: (to) => expertPlanEmail(sub, `New subscriber: ${sub.clientName}`, what, to, baseUrl),
  });
}
