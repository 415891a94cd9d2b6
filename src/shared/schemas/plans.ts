/**
 * Monthly plan contracts (docs/product.md "Plans and packages"): an expert's offer, a client's subscription and its
 * periods. Money integer cents, durations minutes, instants UTC ISO-8601. Booking a plan session takes the package
 * booking's body (packageBookingInput); subscribing takes the package purchase's (purchaseInput: a card).
 */
import { z } from 'zod';
import { durations, isDuration } from '../pricing.js';
import { planLimits as limits, planMessages as m, trialLengths } from '../plans.js';
import { singleLine } from '../single-line.js';

const text = (message: string, max: number) => singleLine(z.string({ error: message }).trim().min(1, message).max(max, message), message);
const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Body of POST /api/me/plans and PUT /api/me/plans/{id}: an expert's plan. Changes apply to new subscribers only. */
export const planInput = z
  .object({
    name: text(`Please name the plan (up to ${limits.name} characters)`, limits.name),
    priceCents: whole(limits.priceCents.min, limits.priceCents.max, 'A plan costs $10 to $10,000 a month'),
    sessionCount: whole(limits.sessions.min, limits.sessions.max, `A plan has ${limits.sessions.min} to ${limits.sessions.max} sessions a month`),
    durationMinutes: z
      .number({ error: `Duration must be one of ${durations.join(', ')} minutes` })
      .refine(isDuration, `Duration must be one of ${durations.join(', ')} minutes`),
    chatPromise: text(`Please say what chat includes (up to ${limits.chatPromise} characters)`, limits.chatPromise),
    trialDays: z
      .number({ error: 'A free trial lasts 7 or 14 days, or there is none' })
      .refine((d) => (trialLengths as readonly number[]).includes(d), 'A free trial lasts 7 or 14 days, or there is none')
      .default(0),
    open: z.boolean().default(true),
  })
  .refine((p) => p.priceCents >= p.sessionCount * limits.minShareCents, { message: m.priceTooLow, path: ['priceCents'] });
export type PlanInput = z.input<typeof planInput>;

/** The terms of a plan, as offered and as frozen on a subscription. */
const planTerms = z.object({
  name: z.string(),
  priceCents: z.number().int(),
  sessionCount: z.number().int(),
  durationMinutes: z.number().int(),
  chatPromise: z.string(),
  currency: z.string(),
});

/** A plan as shown on the profile and in the editor; `singleCents`: the same sessions one by one at the expert's rate (0: no rate). */
export const planView = z.object({
  id: z.string(),
  expertId: z.string(),
  ...planTerms.shape,
  trialDays: z.number().int(),
  open: z.boolean(),
  singleCents: z.number().int(),
  /** Subscribers now (trialing, active or retrying a payment). */
  subscribers: z.number().int(),
});
export type PlanView = z.infer<typeof planView>;
export const planList = z.object({ plans: z.array(planView) });

/** One period of a subscription: a free trial or a paid month, its sessions and what was refunded or released (cents). */
export const periodView = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(['trial', 'paid']),
  startsAt: z.string(),
  endsAt: z.string(),
  amountCents: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** A paid period's receipt number, 'MEN-2026-000123' (docs/product.md "Payments"); null for a trial. */
  receiptNumber: z.string().nullable(),
  sessionsLeft: z.number().int(),
  sessionsBooked: z.number().int(),
  refundedCents: z.number().int(),
  releasedCents: z.number().int(),
});

/**
 * A subscription whose card needs the bank's 3-D Secure step (202; docs/product.md "Plans and packages"): nothing has
 * started. The browser runs the bank's step with `clientSecret`, then asks POST /api/subscriptions/{subscriptionId}/payment.
 */
export const subscriptionAwaitingBank = z.object({ subscriptionId: z.string(), paymentAction: z.object({ clientSecret: z.string() }) });
export type SubscriptionAwaitingBank = z.infer<typeof subscriptionAwaitingBank>;

/**
 * A subscription as the client, its expert or the team sees it: the frozen terms, where it stands, the current period
 * (`sessionsLeft` to book in it), the next renewal (null once cancelled or ended), and every period, newest first.
 */
export const subscriptionView = z.object({
  id: z.string(),
  planId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  expertId: z.string(),
  expertSlug: z.string(),
  expertName: z.string(),
  ...planTerms.shape,
  platformFeeBps: z.number().int(),
  status: z.enum(['trialing', 'active', 'past_due', 'cancelled', 'lapsed', 'ended']),
  cancelAtPeriodEnd: z.boolean(),
  trialEndsAt: z.string().nullable(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  nextRenewalAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  sessionsLeft: z.number().int(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** Who ended it (null while live): 'client' cancelled, 'payment' renewals failed, 'expert', or the Mentora 'team'. */
  endedBy: z.enum(['client', 'payment', 'expert', 'team']).nullable(),
  /** Why, in words; to anyone but the team, a plan the team ended reads 'ended by the team' without the team's reason. */
  endReason: z.string().nullable(),
  periods: z.array(periodView),
  /** A renewal whose bank asked for 3-D Secure waits for the client's confirmation (with Stripe Billing). */
  awaitingBank: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;
export const subscriptionList = z.object({ subscriptions: z.array(subscriptionView) });

/**
 * The renewal confirmation page's data: the client's subscription and, while its renewal awaits the bank's 3-D Secure
 * step, the client secret of the invoice's PaymentIntent for Stripe.js and its amount in cents (null otherwise).
 */
export const renewalConfirmation = z.object({
  subscription: subscriptionView,
  payment: z.object({ clientSecret: z.string(), amountCents: z.number().int() }).nullable(),
});
export type RenewalConfirmation = z.infer<typeof renewalConfirmation>;

/** `{ planId }`: the expert's plan a subscription changes to (`?planId=` for the quote). */
export const planChangeInput = z.object({ planId: z.string().trim().min(1).max(200) });
/** What a change of plan credits (the old plan's unused time, refunded) and charges (the new plan's rest of the month), integer cents. */
export const planChangeQuote = z.object({ creditCents: z.number().int(), chargeCents: z.number().int() });
export type PlanChangeQuote = z.infer<typeof planChangeQuote>;
export const planChangeResult = z.object({ subscription: subscriptionView, proration: planChangeQuote });
