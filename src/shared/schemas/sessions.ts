/**
 * Session, booking, payment and feedback contracts (docs/product.md "Booking", "Payments", "Sessions",
 * "Feedback and reviews"). Instants are UTC ISO-8601, money integer cents, durations minutes.
 */
import { z } from 'zod';
import { disputeDescriptionMin } from '../constants.js';
import { feedbackQuestions } from '../feedback.js';
import { messages } from '../messages.js';
import { programmeMessages } from '../programmes.js';
import { durations, introMinutes, isDuration } from '../pricing.js';
import { cancellationPolicies, sessionKinds, sessionListParts, sessionStatuses } from '../sessions.js';
import { isValidTimeZone } from '../slots.js';
import { rescheduleVerdictView, sessionMoveView } from './reschedule.js';
import { errorResponse, pageQuery, sessionStart } from './common.js';
import { proposalSummary } from './reschedule-proposals.js';

const m = messages.booking;

/** Card fields for the simulated provider; validated in depth by `cardError` (src/shared/cards.ts). */
export const cardInput = z.object({
  cardholderName: z.string().trim().min(1, 'Please enter the cardholder name').max(100),
  number: z.string().max(30),
  expiry: z.string().max(7),
  cvc: z.string().max(4),
});

/**
 * Body of POST /api/sessions (header Idempotency-Key required). `kind: 'intro'` is the free first meeting of
 * `introMinutes` (no card); `paid` needs `card` (simulated provider) or `paymentMethodId` (a Stripe
 * PaymentMethod made by Stripe Elements in the browser, so card data never reaches our server; docs/product.md "Payments").
 * The price is computed on the server, never taken from here.
 */
export const bookingInput = z
  .object({
    expertId: z.string({ error: m.expertNotInSystem }).trim().min(1, m.expertNotInSystem).max(200, m.expertNotInSystem),
    startsAt: sessionStart(m.selectTime),
    durationMinutes: z
      .number({ error: `Duration must be one of ${durations.join(', ')} minutes` })
      .refine(isDuration, `Duration must be one of ${durations.join(', ')} minutes`),
    topic: z.string({ error: m.describeTopic }).trim().min(1, m.describeTopic).max(2000, 'Please keep the topic under 2000 characters'),
    kind: z.enum(['paid', 'intro']).default('paid'),
    card: cardInput.optional(),
    paymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, messages.payment.cardRequired)
      .optional(),
    /** The client's IANA zone, used to write times in their confirmation e-mail. */
    timeZone: z.string().max(64).refine(isValidTimeZone, 'Please choose a valid time zone').optional(),
    /** The access programme whose organisation's credit pays (docs/product.md "Booking with credit"); the card pays the rest. */
    programmeId: z.uuid(programmeMessages.notMember).optional(),
  })
  // With a programme the server decides whether a card is needed: only for the part the programme does not cover.
  .refine((b) => b.kind === 'intro' || b.card || b.paymentMethodId || b.programmeId, { message: messages.payment.cardRequired, path: ['card'] })
  .refine((b) => b.kind === 'paid' || b.durationMinutes === introMinutes, {
    message: `The free introductory meeting lasts ${introMinutes} minutes`,
    path: ['durationMinutes'],
  });
export type BookingInput = z.input<typeof bookingInput>;

/** The Idempotency-Key header a booking (a session or a workshop seat) requires: 8–200 characters. */
export const idempotencyHeader = z.object({
  'idempotency-key': z.string().trim().min(8, messages.payment.idempotencyKey).max(200, messages.payment.idempotencyKey),
});

export const paymentSummary = z.object({
  /** `returned`: a package session's share went back to its package when the session was cancelled with a full refund. */
  status: z.enum(['pending', 'held', 'released', 'refunded', 'partially_refunded', 'failed', 'disputed', 'returned']),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  provider: z.string(),
  /** The part an organisation's credit paid (docs/product.md "Booking with credit"); the card paid the rest. */
  creditCents: z.number().int().optional(),
  /** The receipt's number, 'MEN-2026-000123' (docs/product.md "Payments"); absent without a receipt of its own. */
  receiptNumber: z.string().optional(),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

/** A session as its two parties see it. `meetingUrl` is present for them only. */
export const sessionView = z.object({
  id: z.string(),
  clientId: z.string(),
  expertId: z.string(),
  expertSlug: z.string(),
  expertName: z.string(),
  clientName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  kind: z.enum(sessionKinds),
  /** The workshop of a seat (kind 'workshop'), else null (docs/product.md "Workshops"). */
  workshopId: z.string().nullable(),
  topic: z.string(),
  hourlyRateCents: z.number().int(),
  totalAmountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(sessionStatuses),
  clientFeedbackSubmitted: z.boolean(),
  expertFeedbackSubmitted: z.boolean(),
  /** The expert's no-show report against the client stood (docs/product.md "No-shows"): the client cannot review it. */
  clientAbsent: z.boolean(),
  meetingUrl: z.string(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The policy the session was booked under (kept with it; an expert's later change does not apply). */
  cancellationPolicy: z.enum(cancellationPolicies),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
  /** 'client' or 'expert': which side the caller is on. */
  viewerRole: z.enum(['client', 'expert']),
  payment: paymentSummary.nullable(),
  /** The session's moves, oldest first (docs/product.md "Reschedule"). */
  moves: z.array(sessionMoveView),
  /** Whether the viewer may reschedule it now, and why not (docs/product.md "Reschedule"). */
  reschedule: rescheduleVerdictView,
  /** The expert's open proposal of a new time, for the client to accept or decline (docs/product.md "Reschedule proposals"). */
  proposal: proposalSummary.nullable(),
  /**
   * A session booked from a package or a plan: its place in the package or the plan's month ("Package session · 2 of
   * 4", "Plan session · 1 of 2 this month"; `plan` true for a plan's; docs/product.md "Plans and packages"); else null.
   */
  package: z.object({ number: z.number().int(), count: z.number().int(), plan: z.boolean() }).nullable(),
});
export type SessionView = z.infer<typeof sessionView>;

/** `?when=upcoming|past|all&page=&pageSize=` of GET /api/sessions (docs/product.md "Sessions"). */
export const sessionListQuery = pageQuery.extend({
  when: z.enum(sessionListParts, { error: 'when must be upcoming, past or all' }).default('all'),
});
export type SessionListQuery = z.output<typeof sessionListQuery>;

/** A page of the caller's sessions: `total` counts the whole part asked for, `page` and `pageSize` echo the query. */
export const sessionList = z.object({ sessions: z.array(sessionView), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type SessionList = z.infer<typeof sessionList>;

/**
 * GET /api/sessions/summary, the dashboards' counters over all of the caller's sessions (docs/product.md
 * "Sessions"): `upcoming` booked and not started; `awaitingConfirmation` booked, started and more than 30 minutes
 * past its end; `concluded` confirmed or completed; `completed` completed; `spentCents` what the caller paid as
 * client and kept paid (held or released amounts less refunds; free intros, failed payments and payments awaiting
 * the bank's confirmation cost nothing); `proposalsToAnswer` the experts' proposals of a new time the caller can still
 * answer as client (docs/product.md "Reschedule proposals"), `proposalSessionId` the soonest of their sessions (null
 * when none).
 */
export const sessionSummary = z.object({
  upcoming: z.number().int(),
  awaitingConfirmation: z.number().int(),
  concluded: z.number().int(),
  completed: z.number().int(),
  spentCents: z.number().int(),
  proposalsToAnswer: z.number().int(),
  proposalSessionId: z.string().nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/**
 * 202 answer of POST /api/sessions when the card needs extra authentication (3-D Secure, Stripe only): the
 * session is reserved (status pending_payment) until `reservedUntil` (UTC); the browser completes the
 * authentication with `clientSecret`, then calls POST /api/sessions/{id}/payment (docs/product.md "Payments").
 */
export const paymentAction = z.object({ clientSecret: z.string(), reservedUntil: z.string() });
export type PaymentAction = z.infer<typeof paymentAction>;

/**
 * The answers of a booking (a session or a workshop seat): 201 `{ session }` booked, 200 the same on an
 * Idempotency-Key replay, 202 `{ session, paymentAction }` reserved while 3-D Secure completes, 402 declined, 422
 * the key was used for another body.
 */
export const bookingAnswers = {
  200: z.object({ session: sessionView }),
  201: z.object({ session: sessionView }),
  202: z.object({ session: sessionView, paymentAction }),
  402: errorResponse,
  422: errorResponse,
};

export const cancelInput = z.object({ reason: z.string({ error: messages.session.cancelReason }).trim().min(1, messages.session.cancelReason).max(1000) });
/** What went wrong, 15–5000 characters (docs/product.md "Disputes"). */
export const disputeInput = z.object({
  description: z.string({ error: messages.session.disputeDescription }).trim().min(disputeDescriptionMin, messages.session.disputeDescription).max(5000),
});

/** Body of POST /api/sessions/{id}/feedback: the five answers (docs/product.md "Feedback and reviews") and optional comments. */
export const feedbackInput = z.object({
  ...(Object.fromEntries(
    feedbackQuestions.map((q) => [q.key, z.enum(q.options as unknown as [string, ...string[]], { error: messages.feedback.answerAll })]),
  ) as Record<(typeof feedbackQuestions)[number]['key'], z.ZodEnum<Record<string, string>>>),
  additionalComments: z
    .string()
    .trim()
    .max(5000, 'Please keep comments under 5000 characters')
    .optional()
    .transform((v) => v || undefined),
});
export type FeedbackInput = z.input<typeof feedbackInput>;

/**
 * One public review on an expert's profile (the five answers are public; docs/product.md "Feedback and reviews"). Only paid sessions that took
 * place are reviewed publicly, so every review is `verified` (shown as 'Verified session').
 */
export const review = z.object({
  id: z.string(),
  clientFirstName: z.string(),
  expertiseRating: z.string(),
  communicationRating: z.string(),
  punctualityRating: z.string(),
  valueRating: z.string(),
  recommendationRating: z.string(),
  additionalComments: z.string().nullable(),
  score: z.number(),
  verified: z.literal(true),
  createdAt: z.string(),
});
export const reviewPage = z.object({ reviews: z.array(review), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/**
 * GET /api/experts/{id}/feedback-eligibility: the client's latest confirmed or completed paid session with the
 * expert; `introOnly` when their only concluded session with them is the free intro (private feedback only).
 */
export const feedbackEligibility = z.object({
  sessionId: z.string().nullable(),
  feedbackSubmitted: z.boolean(),
  isSelf: z.boolean(),
  introAvailable: z.boolean(),
  introOnly: z.boolean(),
});

export const privateFeedbackInput = z.object({
  comments: z.string({ error: 'Please write your comments' }).trim().min(1, 'Please write your comments').max(5000),
});
