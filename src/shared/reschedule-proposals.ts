/**
 * Reschedule proposal rules shared by server and web (docs/product.md "Reschedule proposals"): the expert proposes a
 * new start for a booked session; the client accepts (the session moves) or declines (the session is cancelled with a
 * full refund, whatever its policy); unanswered, the proposal expires at the session's start and the booking stands.
 * Pure: times are Date/UTC.
 */

export const proposalStatuses = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** The longest message an expert may add to a proposal, in characters. */
export const proposalMessageMax = 1000;

type Timed = { status: string; startsAt: Date };

/**
 * Only the expert proposes, on a booked one-to-one session (a workshop seat moves only with its workshop) that has not started, a start in the future that differs from the
 * current one.
 */
export function canPropose(s: Timed & { kind?: string }, side: 'client' | 'expert', proposedStartsAt: Date, now = new Date()): boolean {
  return (
    side === 'expert' &&
    s.kind !== 'workshop' &&
    s.status === 'booked' &&
    now.getTime() < s.startsAt.getTime() &&
    proposedStartsAt.getTime() > now.getTime() &&
    proposedStartsAt.getTime() !== s.startsAt.getTime()
  );
}

/** An unanswered proposal expires at the session's start when it was made. */
export function proposalExpiry(s: { startsAt: Date }): Date {
  return new Date(s.startsAt.getTime());
}

/**
 * Only the client answers, while the proposal is open, before it expires, and while the session is still booked at
 * the time the proposal was made for (a session the client moved or either party cancelled leaves it unanswerable).
 */
export function canAnswer(p: { status: ProposalStatus; expiresAt: Date }, s: Timed, side: 'client' | 'expert', now = new Date()): boolean {
  return (
    side === 'client' && p.status === 'open' && now.getTime() < p.expiresAt.getTime() && s.status === 'booked' && s.startsAt.getTime() === p.expiresAt.getTime()
  );
}

/** An open proposal is due to expire once its time has come, or as soon as its session no longer stands as proposed for. */
export function isProposalDue(p: { status: ProposalStatus; expiresAt: Date }, s: Timed, now = new Date()): boolean {
  return p.status === 'open' && (now.getTime() >= p.expiresAt.getTime() || s.status !== 'booked' || s.startsAt.getTime() !== p.expiresAt.getTime());
}

/** The reason stored with a session the client cancelled by declining a proposal. */
export const declinedProposalReason = "Declined the expert's proposed new time";

/** The product's words for proposals (docs/product.md "Reschedule proposals"). */
export const proposalMessages = {
  sent: 'Proposal sent — waiting for the client',
  declined: 'Session cancelled. You will be refunded in full.',
  onlyExpert: 'Only the expert can propose a new time for this session.',
  onlyClient: 'Only the client can answer a proposed new time.',
  notNow: 'A new time can be proposed only for a booked session that has not started, and only for a time in the future.',
  closed: 'This proposal can no longer be answered.',
  notFound: 'Proposal not found',
  chooseTime: 'Please choose a new time',
} as const;
