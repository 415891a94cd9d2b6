/**
 * Session rules shared by server and web: statuses and their badges (docs/product.md "Sessions"), the
 * pending-confirmation and upcoming rules, the lifecycle (docs/architecture.md "Session and payment lifecycles"), and the
 * cancellation refund policy (docs/product.md "Cancellation policies"). Pure: times are Date/UTC, money integer cents.
 */

export const sessionStatuses = ['pending_payment', 'booked', 'confirmed', 'completed', 'disputed', 'cancelled', 'expired'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** A one-to-one session (a free intro or a paid one) or a workshop seat (docs/product.md "Booking", "Workshops"). */
export const sessionKinds = ['intro', 'paid', 'workshop'] as const;
export type SessionKind = (typeof sessionKinds)[number];

/**
 * Statuses that occupy the calendar (used by the exclusion constraints and slot generation). `pending_payment`
 * is a slot reserved while the card's extra authentication (3-D Secure) completes; `expired` is a reservation
 * released because the payment did not complete (docs/product.md "Payments").
 */
export const liveStatuses: readonly SessionStatus[] = ['pending_payment', 'booked', 'confirmed', 'completed', 'disputed'];

/** How long a slot stays reserved while the card's extra authentication completes, in minutes (docs/product.md "Payments"). */
export const reservationMinutes = 15;

export type BadgeTone = 'brand' | 'green' | 'amber' | 'red' | 'neutral';

/**
 * The one name of each session state, used on every page, in e-mails and in the console (docs/product.md
 * "Sessions"): `booked` is Upcoming until it is pending confirmation, then Awaiting confirmation; `confirmed` and
 * `completed` Concluded; `cancelled` Cancelled; `disputed` Disputed; for Stripe's 3-D Secure reservations
 * (docs/product.md "Payments") `pending_payment` Awaiting payment and `expired` Payment not completed; anything else
 * Unknown. `startsAt` is an ISO instant or a Date, `durationMinutes` the length in minutes.
 */
export function sessionState(
  s: { status: string; startsAt: string | Date; durationMinutes: number },
  now = new Date(),
): { label: SessionStateName; tone: BadgeTone } {
  const startsAt = new Date(s.startsAt);
  const endsAt = new Date(startsAt.getTime() + s.durationMinutes * 60_000);
  if (s.status === 'booked' && isPendingConfirmation({ status: s.status, startsAt, endsAt }, now)) return { label: 'Awaiting confirmation', tone: 'amber' };
  switch (s.status) {
    case 'booked':
      return { label: 'Upcoming', tone: 'brand' };
    case 'confirmed':
    case 'completed':
      return { label: 'Concluded', tone: 'green' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'neutral' };
    case 'disputed':
      return { label: 'Disputed', tone: 'red' };
    case 'pending_payment':
      return { label: 'Awaiting payment', tone: 'amber' };
    case 'expired':
      return { label: 'Payment not completed', tone: 'neutral' };
    default:
      return { label: 'Unknown', tone: 'neutral' };
  }
}

/** Every name a session state goes by (sessionState); no page, e-mail or console view uses another. */
export const sessionStateNames = [
  'Upcoming',
  'Awaiting confirmation',
  'Concluded',
  'Cancelled',
  'Disputed',
  'Awaiting payment',
  'Payment not completed',
  'Unknown',
] as const;
export type SessionStateName = (typeof sessionStateNames)[number];

/** Grace after a session's end before it counts as pending confirmation, in minutes (docs/product.md "Sessions"). */
export const pendingGraceMinutes = 30;
/** A booked session with no dispute is confirmed automatically this long after its end, in hours (docs/product.md "Sessions"). */
export const autoReleaseHours = 72;

/**
 * What happens to a paid session's money between booking and release, said the same way on the booking card and
 * the payment page (docs/product.md "Payments"): held until the client confirms, released on its own
 * `autoReleaseHours` after the end when nobody confirms or reports an issue.
 */
export const holdTerms = `Your payment is held until you confirm the session took place. If nobody confirms it or reports an issue, it is released to the expert ${autoReleaseHours} hours after the session ends.`;

type Timed = { status: string; startsAt: Date; endsAt: Date };

/** A session as the API sends it (ISO instants) with real instants, as the rules below take it. */
export function timed(s: { status: string; startsAt: string; endsAt: string }): Timed {
  return { status: s.status, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) };
}

/** Upcoming: booked and starting in the future (docs/product.md "Sessions"). */
export function isUpcoming(s: Timed, now = new Date()): boolean {
  return s.status === 'booked' && s.startsAt.getTime() > now.getTime();
}

/** Pending confirmation: booked, started, and now is more than 30 minutes after its end (docs/product.md "Sessions"). */
export function isPendingConfirmation(s: Timed, now = new Date()): boolean {
  return s.status === 'booked' && s.startsAt.getTime() <= now.getTime() && now.getTime() > s.endsAt.getTime() + pendingGraceMinutes * 60_000;
}

/** The client may confirm a booked session once its scheduled end has passed (docs/product.md "Sessions"). */
export function canConfirm(s: Timed, now = new Date()): boolean {
  return s.status === 'booked' && now.getTime() >= s.endsAt.getTime();
}

/** The video call's link is offered while a session is booked and has not ended (docs/product.md "Sessions"). */
export function canJoin(s: Timed, now = new Date()): boolean {
  return s.status === 'booked' && now.getTime() < s.endsAt.getTime();
}

/** Either party may cancel a booked session before it starts. */
export function canCancel(s: Timed, now = new Date()): boolean {
  return s.status === 'booked' && now.getTime() < s.startsAt.getTime();
}

/** The client may report an issue on a booked session once it has started. */
export function canDispute(s: Timed, now = new Date()): boolean {
  return s.status === 'booked' && now.getTime() >= s.startsAt.getTime();
}

export const cancellationPolicies = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof cancellationPolicies)[number];

/**
 * Only a session that cost money may be reviewed publicly: a paid one-to-one session or a paid workshop seat
 * (docs/product.md "Workshops"). A free intro or free seat costs nothing and its client may send private feedback to
 * the team instead (docs/security.md, "Ratings from sessions that cost nothing"). The database holds the same rule
 * (view public_reviews and trigger session_feedback_paid_session, migration 0029).
 */
export function isReviewedPublicly(s: { kind: string; totalAmountCents: number }): boolean {
  return s.kind === 'paid' || (s.kind === 'workshop' && s.totalAmountCents > 0);
}

/**
 * What the client of session `s` can do about feedback (docs/product.md "Feedback and reviews"): 'submitted' — the
 * review is in; 'none' — the session has not taken place (it is not confirmed or completed); 'private' — feedback
 * for the team only: a free intro or free workshop seat, or a session whose client was found absent (docs/product.md "No-shows");
 * 'review' — the five public questions of a paid session or paid workshop seat that took place.
 */
export function clientFeedbackStep(s: {
  kind: string;
  totalAmountCents: number;
  status: string;
  clientFeedbackSubmitted: boolean;
  clientAbsent: boolean;
}): 'submitted' | 'private' | 'review' | 'none' {
  if (s.clientFeedbackSubmitted) return 'submitted';
  if (s.status !== 'confirmed' && s.status !== 'completed') return 'none';
  return !isReviewedPublicly(s) || s.clientAbsent ? 'private' : 'review';
}

/** Display names of the policies. */
export const policyNames: Record<CancellationPolicy, string> = { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict' };

/**
 * Said wherever an expert chooses a policy: a session keeps the policy it was booked under (stored with it), so a
 * change never alters the refund of a session already booked (docs/security.md, "Policy change after booking").
 */
export const policyChangeNote = 'A change applies to new bookings only. Sessions already booked keep the policy they were booked under.';

/** Full refund window before the start, in hours, and the share refunded after it (docs/product.md "Cancellation policies"). */
export const policyTerms: Record<CancellationPolicy, { fullRefundHours: number; lateRefundPercent: number; summary: string }> = {
  flexible: { fullRefundHours: 24, lateRefundPercent: 50, summary: 'Full refund until 24 hours before the session, 50% after.' },
  moderate: { fullRefundHours: 72, lateRefundPercent: 50, summary: 'Full refund until 72 hours before the session, 50% after.' },
  strict: { fullRefundHours: 7 * 24, lateRefundPercent: 0, summary: 'Full refund until 7 days before the session, none after.' },
};

/**
 * Cents refunded to the client when a booked session is cancelled at `now`. An expert's cancellation
 * always refunds in full; a client's follows `policy`, which must be the one stored with the session at booking,
 * never the expert's current one (docs/security.md, "Policy change after booking").
 */
export function refundCents(opts: { amountCents: number; policy: CancellationPolicy; cancelledBy: 'client' | 'expert'; startsAt: Date; now?: Date }): number {
  const { amountCents, policy, cancelledBy, startsAt, now = new Date() } = opts;
  if (cancelledBy === 'expert') return amountCents;
  const terms = policyTerms[policy];
  const hoursBefore = (startsAt.getTime() - now.getTime()) / 3_600_000;
  if (hoursBefore >= terms.fullRefundHours) return amountCents;
  return Math.round((amountCents * terms.lateRefundPercent) / 100);
}

/**
 * The parts of one's sessions a list shows (docs/product.md "Sessions"): `upcoming` — booked, or reserved while the
 * card's extra authentication completes, and not yet ended, soonest first; `past` — every other session, newest
 * first; `all` — both, newest first. Lists come in pages.
 */
export const sessionListParts = ['upcoming', 'past', 'all'] as const;
export type SessionListPart = (typeof sessionListParts)[number];
