/**
 * Waitlist e-mails (docs/product.md "Workshops", "E-mail"): a seat is offered, an offer expired, the workshop was
 * cancelled while the client waited. Times are written in the recipient's own zone, named.
 */
import { formatMoney } from '../../../shared/pricing.js';
import { waitlistOfferHours } from '../../../shared/workshops.js';
import type { OutgoingEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';
import { formatInZone, type Recipient } from '../../infra/mail/zoned.js';

/** What a waitlist e-mail tells about its workshop (price in integer cents). */
export type WaitlistMailFacts = { id: string; title: string; expertName: string; startsAt: Date; priceCents: number; currency: string };

/** 'A seat is free in {title}': the seat is the recipient's to claim on the workshop page until `expiresAt`. */
export function seatOfferEmail(w: WaitlistMailFacts, to: Recipient, expiresAt: Date, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `A seat is free in ${w.title}`,
    paragraphs: [
      `Good news: a seat in ${w.title} with ${w.expertName}, on ${formatInZone(w.startsAt, to.zone)}, is free and it is yours to claim.`,
      `It is kept for you until ${formatInZone(expiresAt, to.zone)} (${waitlistOfferHours} hours at most). After that it goes to the next person on the waitlist.`,
      w.priceCents > 0
        ? `Claiming it books the seat for ${formatMoney(w.priceCents, w.currency)}, held until the workshop has taken place.`
        : 'The seat is free of charge.',
    ],
    actionLabel: 'Claim your seat',
    url: `${baseUrl}/workshops/${w.id}`,
  });
}

/** The offer ended unclaimed: the seat is no longer kept for the client (the next person in line gets it). */
export function offerExpiredEmail(w: WaitlistMailFacts, to: Recipient, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Your seat offer for ${w.title} has expired`,
    paragraphs: [
      `The seat in ${w.title} on ${formatInZone(w.startsAt, to.zone)} was not claimed in time, so it is no longer kept for you; it goes to the next person on the waitlist.`,
      'If the workshop is still full, you can join the waitlist again from the workshop page.',
    ],
    actionLabel: 'View the workshop',
    url: `${baseUrl}/workshops/${w.id}`,
  });
}

/** The workshop was cancelled while the client waited (or held an offer): the waitlist is closed, nothing was charged. */
export function waitlistClosedEmail(w: WaitlistMailFacts, to: Recipient, reason: string, baseUrl: string): OutgoingEmail {
  return actionEmail({
    to: to.email,
    subject: `Workshop cancelled: ${w.title}`,
    paragraphs: [
      `${w.title} with ${w.expertName}, planned for ${formatInZone(w.startsAt, to.zone)}, was cancelled, so its waitlist is closed.`,
      `Reason: ${reason}`,
      'You were on the waitlist and have not been charged.',
    ],
    actionLabel: 'See upcoming workshops',
    url: `${baseUrl}/workshops`,
  });
}
