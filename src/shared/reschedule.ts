/**
 * Whether the client may move a session to another time themselves (docs/product.md "Reschedule"): a booked session
 * that has not started, while the cancellation policy stored with it would still refund a client's cancellation in
 * full. After that the reason says why, in the policy's own terms. Pure: times are Date/UTC.
 */
import { messages } from './messages.js';
import { policyNames, policyTerms, type CancellationPolicy } from './sessions.js';

export type RescheduleVerdict = { allowed: true } | { allowed: false; reason: string };

type Reschedulable = { kind?: string; status: string; startsAt: Date; totalAmountCents: number; cancellationPolicy: CancellationPolicy };

/** '24 hours', '72 hours', '7 days': a policy's full-refund window as people say it. */
function windowWords(hours: number): string {
  return hours % 24 === 0 && hours > 72 ? `${hours / 24} days` : `${hours} hours`;
}

/** The reason once the full-refund window of `policy` has passed, with what the client can still do. */
export function pastWindowReason(policy: CancellationPolicy): string {
  const terms = policyTerms[policy];
  const cancel = terms.lateRefundPercent > 0 ? `cancel (${terms.lateRefundPercent}% refund)` : 'cancel (no refund)';
  return `Rescheduling is possible until ${windowWords(terms.fullRefundHours)} before the start under this session's ${policyNames[policy]} policy. You can still ${cancel}, or the expert can propose a new time.`;
}

/**
 * The client's verdict at `now` on session `s` (its stored policy). A free introductory meeting refunds nothing, so
 * no policy window applies: it can be moved until it starts (the 2-hour notice of free times still applies). A
 * workshop seat is never moved alone (docs/product.md "Workshops").
 */
export function canClientReschedule(s: Reschedulable, now: Date): RescheduleVerdict {
  if (s.kind === 'workshop') return { allowed: false, reason: messages.reschedule.workshopSeat };
  if (s.status !== 'booked') return { allowed: false, reason: messages.reschedule.notUpcoming };
  const msBefore = s.startsAt.getTime() - now.getTime();
  if (msBefore <= 0) return { allowed: false, reason: messages.reschedule.started };
  if (s.totalAmountCents > 0 && msBefore < policyTerms[s.cancellationPolicy].fullRefundHours * 3_600_000)
    return { allowed: false, reason: pastWindowReason(s.cancellationPolicy) };
  return { allowed: true };
}
