/**
 * Access programmes, shared by server and web (docs/product.md "Partners", "Access programmes" and "Booking with
 * credit"): who may join, what a programme covers of a booking, the split of a refund between the organisation's
 * credit and the card, and the words of every message. Pure: money in integer cents, dates UTC.
 */
import { formatMoney } from './pricing.js';

export const joinRules = ['code', 'domain', 'invited'] as const;
export type JoinRule = (typeof joinRules)[number];
export const joinRuleNames: Record<JoinRule, string> = {
  code: 'Anyone with the code',
  domain: 'Verified e-mail addresses at the organisation’s domains',
  invited: 'An invited list',
};
export const limitPeriods = ['month', 'total'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];
export const programmeStatuses = ['active', 'paused', 'ended'] as const;
export type ProgrammeStatus = (typeof programmeStatuses)[number];

/** An invited list's upload: at most 256 kB of text and 2,000 addresses. */
export const inviteListLimits = { bytes: 256 * 1024, addresses: 2_000 } as const;

/**
 * An invited address's delivery as its managers see it: its invitation e-mail waits in the outbox ('sending'), was
 * accepted by the recipient's mail server ('sent'), or was refused for good or given up after its retries
 * ('not_delivered', with the server's reply). Null for invitations sent before deliveries were recorded.
 */
export const invitationDeliveries = ['sending', 'sent', 'not_delivered'] as const;
export type InvitationDelivery = (typeof invitationDeliveries)[number];
export const invitationDeliveryNames: Record<InvitationDelivery, string> = { sending: 'Sending', sent: 'Sent', not_delivered: 'Not delivered' };

/** What managers see and never see (docs/product.md "Access programmes"); members read it before they join. */
export const memberPrivacyNotice = (organisation: string) =>
  `${organisation}’s managers see who booked with whom and when, never your topics, messages or feedback.`;

/** A programme's terms that decide what it covers of one booking. */
export type ProgrammeTerms = {
  status: ProgrammeStatus;
  startsOn: string;
  endsOn: string;
  coversSessions: boolean;
  coversWorkshops: boolean;
  coversIntros: boolean;
  sessionLimit: number | null;
  centsLimit: number | null;
  maxPriceCents: number | null;
  expertId: string | null;
  expertise: string | null;
};

/** What a member already used of the programme in the current term (this UTC month, or in total). */
export type ProgrammeUse = { sessions: number; cents: number };

/** The booking a programme is asked to cover. */
export type CoverRequest = { kind: 'paid' | 'intro' | 'workshop'; priceCents: number; expertId: string; expertise: readonly string[]; on: string };

/** A programme's answer: the covered cents and what the member pays, or the refusal's words. */
export type Cover = { ok: true; coveredCents: number; youPayCents: number } | { ok: false; message: string };

/** The first day (UTC, YYYY-MM-DD) of the term `at` falls in: the month's first day, or null for 'total'. */
export function termStart(period: LimitPeriod, at: Date): string | null {
  return period === 'month' ? `${at.toISOString().slice(0, 7)}-01` : null;
}

/**
 * What programme `p` covers of booking `b`, given the member's `used` this term (docs/product.md "Booking with
 * credit"): the price up to the programme's maximum per session and the member's cents left; the member pays the
 * rest by card. The wallet is checked where it is locked (modules/partners/credit-booking-service.ts), not here.
 */
export function coverOf(p: ProgrammeTerms, b: CoverRequest, used: ProgrammeUse): Cover {
  const closed = closedRefusal(p, b.on);
  if (closed) return { ok: false, message: closed };
  const kindCovered = b.kind === 'workshop' ? p.coversWorkshops : b.kind === 'intro' ? p.coversSessions && p.coversIntros : p.coversSessions;
  if (!kindCovered) return { ok: false, message: programmeMessages.kindNotCovered(b.kind) };
  if ((p.expertId && p.expertId !== b.expertId) || (p.expertise && !b.expertise.includes(p.expertise)))
    return { ok: false, message: programmeMessages.expertNotCovered };
  if (p.sessionLimit !== null && used.sessions >= p.sessionLimit) return { ok: false, message: programmeMessages.limitReached };
  const centsLeft = p.centsLimit === null ? Infinity : p.centsLimit - used.cents;
  if (b.priceCents > 0 && centsLeft <= 0) return { ok: false, message: programmeMessages.limitReached };
  const coveredCents = Math.min(b.priceCents, p.maxPriceCents ?? Infinity, centsLeft);
  return { ok: true, coveredCents, youPayCents: b.priceCents - coveredCents };
}

/** Why programme `p` funds nothing on UTC day `on` (ended, paused, not started), in the product's words, or null. */
export function closedRefusal(p: Pick<ProgrammeTerms, 'status' | 'startsOn' | 'endsOn'>, on: string): string | null {
  if (p.status === 'ended' || on > p.endsOn) return programmeMessages.ended;
  if (p.status === 'paused') return programmeMessages.paused;
  if (on < p.startsOn) return programmeMessages.notStarted(p.startsOn);
  return null;
}

/**
 * Splits `refundCents` of a payment of `amountCents`, of which `creditCents` the organisation's credit paid, between
 * the two sources in proportion (docs/product.md "Booking with credit"): the credit gets its share rounded down, the
 * card the rest. Exact in integer cents: the parts add up to the refund and neither exceeds what its source paid.
 */
export function splitRefund(refundCents: number, amountCents: number, creditCents: number): { creditCents: number; cardCents: number } {
  if (amountCents === 0) return { creditCents: 0, cardCents: 0 };
  const credit = Math.floor((refundCents * creditCents) / amountCents);
  return { creditCents: credit, cardCents: refundCents - credit };
}

/** "Sessions funded by {organisation}: 2 of 2 left this term" (docs/product.md "Access programmes"). */
export function fundedLine(organisation: string, limit: number | null, used: number): string {
  if (limit === null) return `Sessions funded by ${organisation}`;
  return `Sessions funded by ${organisation}: ${Math.max(0, limit - used)} of ${limit} left this term`;
}

/** Every programme message (docs/product.md "Partners" quotes them). */
export const programmeMessages = {
  notFound: 'Programme not found',
  name: 'Please enter the programme’s name',
  covers: 'Please choose what the programme covers: one-to-one sessions, workshop seats or both',
  limit: 'Limits and the maximum price must be whole numbers above zero',
  dates: 'Please choose an end date on or after the start date',
  expertise: 'Please enter one area of expertise, or leave it empty',
  expertNotFound: 'Expert not found',
  workshopNotFound: 'Workshop not found',
  coverTarget: 'Please name an expert and a length, or a workshop',
  noDomains: 'Your organisation lists no e-mail domains yet. Please ask the Mentora team to add them first.',
  codeInvalid: 'This access code is not valid. Please check it with your organisation.',
  invitationInvalid: 'This invitation link is not valid. Please ask your organisation for a new one.',
  invitationOtherEmail: 'This invitation was sent to another e-mail address. Please sign in with the address it was sent to.',
  domainOnly: (domains: readonly string[]) => `This programme is for verified e-mail addresses at ${domains.join(', ')}.`,
  invitedOnly: 'This programme is for invited members only. Please use the link in your invitation.',
  inviteList: 'Please upload a CSV file with one e-mail address on each line',
  inviteListTooBig: `Please upload at most ${inviteListLimits.addresses} addresses (256 kB) at a time`,
  inviteListUnreadable: (line: number) => `We could not read this file as CSV near line ${line}: please check its quotes, or save it again as CSV`,
  invitedListOnly: 'Only a programme for an invited list takes invitations',
  memberNotFound: 'Member not found',
  removed: 'Your organisation removed you from this programme. Please contact its managers.',
  ended: 'This programme has ended',
  paused: 'This programme is paused. Please ask your organisation when it opens again.',
  notStarted: (on: string) => `This programme starts on ${on}`,
  notMember: 'You are not a member of this programme',
  kindNotCovered: (kind: CoverRequest['kind']) =>
    kind === 'workshop'
      ? 'This programme does not cover workshop seats'
      : kind === 'intro'
        ? 'This programme does not cover free introductory meetings'
        : 'This programme does not cover one-to-one sessions',
  expertNotCovered: 'This programme does not cover sessions with this expert',
  limitReached: 'You have used what this programme funds for this term',
  creditUsedUp: (managerEmail: string) => `Your organisation's credit is used up. Please contact ${managerEmail}.`,
  statusChange: 'An ended programme cannot be opened again',
  coveredLine: (organisation: string, coveredCents: number, youPayCents: number) =>
    `Covered by ${organisation}: ${formatMoney(coveredCents)} · You pay: ${formatMoney(youPayCents)}`,
} as const;
