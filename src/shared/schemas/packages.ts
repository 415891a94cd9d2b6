/**
 * Session package contracts (docs/product.md "Plans and packages"): an expert's offer, a client's purchase and the
 * booking of a session from it. Money integer cents, durations minutes, instants UTC ISO-8601.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { durations, isDuration } from '../pricing.js';
import { expiryRules, packageLimits as limits, packageMessages as m } from '../packages.js';
import { isValidTimeZone } from '../slots.js';
import { sessionStart } from './common.js';
import { cardInput } from './sessions.js';

const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Body of POST /api/me/packages and PUT /api/me/packages/{id}: an expert's offer. Changes apply to new buyers only. */
export const packageInput = z
  .object({
    sessionCount: whole(limits.sessions.min, limits.sessions.max, `A package has ${limits.sessions.min} to ${limits.sessions.max} sessions`),
    durationMinutes: z
      .number({ error: `Duration must be one of ${durations.join(', ')} minutes` })
      .refine(isDuration, `Duration must be one of ${durations.join(', ')} minutes`),
    priceCents: whole(limits.priceCents.min, limits.priceCents.max, 'A package costs $10 to $10,000'),
    validityMonths: whole(limits.validityMonths.min, limits.validityMonths.max, 'A package is valid for 1 to 12 months'),
    expiryRule: z.enum(expiryRules).default('refund'),
    open: z.boolean().default(true),
  })
  .refine((p) => p.priceCents >= p.sessionCount * limits.minShareCents, { message: m.priceTooLow, path: ['priceCents'] });
export type PackageInput = z.input<typeof packageInput>;

/** The terms of a package, as offered and as frozen on a purchase. */
const packageTerms = z.object({
  sessionCount: z.number().int(),
  durationMinutes: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  validityMonths: z.number().int(),
  expiryRule: z.enum(expiryRules),
});

/** An offer as shown on the profile and in the editor; `savingCents` against the sessions one by one at the expert's rate (≤ 0: none). */
export const packageView = z.object({
  id: z.string(),
  expertId: z.string(),
  ...packageTerms.shape,
  open: z.boolean(),
  savingCents: z.number().int(),
});
export type PackageView = z.infer<typeof packageView>;
export const packageList = z.object({ packages: z.array(packageView) });

/** Body of POST /api/packages/{id}/purchases (Idempotency-Key): the card (simulated provider) or a Stripe PaymentMethod. */
export const purchaseInput = z
  .object({
    card: cardInput.optional(),
    paymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, messages.payment.cardRequired)
      .optional(),
  })
  .refine((b) => b.card || b.paymentMethodId, { message: messages.payment.cardRequired, path: ['card'] });
export type PurchaseInput = z.input<typeof purchaseInput>;

/**
 * A purchase whose card needs the bank's 3-D Secure step (202; docs/product.md "Plans and packages"): nothing is bought
 * yet. The browser runs the bank's step with `clientSecret`, then asks POST /api/package-purchases/{purchaseId}/payment.
 */
export const purchaseAwaitingBank = z.object({ purchaseId: z.string(), paymentAction: z.object({ clientSecret: z.string() }) });
export type PurchaseAwaitingBank = z.infer<typeof purchaseAwaitingBank>;

/** One prepaid session of a purchase: its number, share of the price (cents), where it stands and the session booked with it. */
export const prepaidSessionView = z.object({
  number: z.number().int(),
  shareCents: z.number().int(),
  status: z.enum(['available', 'booked', 'refunded', 'released']),
  sessionId: z.string().nullable(),
});

/**
 * A purchase as the client, its expert or the team sees it: the frozen terms, `expiresAt`, how many sessions are
 * left to book, the money refunded and released at expiry or by the team (cents), and each prepaid session.
 */
export const purchaseView = z.object({
  id: z.string(),
  packageId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  expertId: z.string(),
  expertSlug: z.string(),
  expertName: z.string(),
  ...packageTerms.shape,
  platformFeeBps: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** The purchase's receipt number, 'MEN-2026-000123' (docs/product.md "Payments"). */
  receiptNumber: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /**
   * `active` until its expiry; `expired` once the expiry has passed; `ended` when it ended before then, its unbooked
   * sessions settled and no longer bookable (docs/product.md "Plans and packages").
   */
  status: z.enum(['active', 'expired', 'ended']),
  /** When an `ended` package ended (UTC ISO); null otherwise. */
  endedAt: z.string().nullable(),
  /**
   * Who ended an `ended` package: `expert` (hid their profile), `team` (refunded it from the console, suspended or
   * unpublished its expert, or its charge was disputed); null otherwise.
   */
  endedBy: z.enum(['expert', 'team']).nullable(),
  sessionsLeft: z.number().int(),
  refundedCents: z.number().int(),
  releasedCents: z.number().int(),
  sessions: z.array(prepaidSessionView),
});
export type PurchaseView = z.infer<typeof purchaseView>;
export const purchaseList = z.object({ purchases: z.array(purchaseView) });

/** Body of POST /api/package-purchases/{id}/sessions (Idempotency-Key): a time for a session of the package's length. */
export const packageBookingInput = z.object({
  startsAt: sessionStart(messages.booking.selectTime),
  topic: z
    .string({ error: messages.booking.describeTopic })
    .trim()
    .min(1, messages.booking.describeTopic)
    .max(2000, 'Please keep the topic under 2000 characters'),
  /** The client's IANA zone, used to write times in their confirmation e-mail. */
  timeZone: z.string().max(64).refine(isValidTimeZone, 'Please choose a valid time zone').optional(),
});
export type PackageBookingInput = z.input<typeof packageBookingInput>;

/** Body of POST /api/admin/package-purchases/{id}/refund (Idempotency-Key): why the team refunds the unused sessions. */
export const packageRefundInput = z.object({ reason: z.string().trim().min(1, 'Please give a reason').max(500) });
