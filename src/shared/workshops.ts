/**
 * Group workshop rules shared by server and web (docs/product.md "Workshops"): limits of a workshop, which edits
 * are refused once seats are sold, and the words of every workshop message. Pure: instants UTC, money integer cents,
 * durations minutes.
 */
import { autoReleaseHours, policyTerms, type CancellationPolicy } from './sessions.js';

/** Duration of a workshop, in minutes (docs/product.md "Workshops"). */
export const workshopMinutes = { min: 30, max: 180 } as const;
/** Seats of a workshop (docs/product.md "Workshops"). */
export const workshopCapacity = { min: 2, max: 50 } as const;
/** Price per seat, in cents: $0 (free) to $100 (docs/product.md "Workshops"). */
export const workshopPriceCents = { min: 0, max: 10_000 } as const;
/** Longest title and description, in characters. */
export const workshopTitleMax = 120;
export const workshopDescriptionMax = 5000;

export const workshopStatuses = ['draft', 'published', 'cancelled'] as const;
export type WorkshopStatus = (typeof workshopStatuses)[number];

/** Every workshop message (docs/product.md "Workshops" quotes them). */
export const workshopMessages = {
  title: 'Please give your workshop a title',
  description: 'Please describe what attendees will learn',
  topic: 'Please choose a topic from the expertise catalogue',
  startsAt: 'Please choose a date and start time',
  future: 'Please choose a start time in the future',
  duration: `A workshop lasts ${workshopMinutes.min} to ${workshopMinutes.max} minutes`,
  capacity: `A workshop has ${workshopCapacity.min} to ${workshopCapacity.max} seats`,
  price: 'The price per seat must be between $0 and $100, in whole cents',
  minAttendance: 'The minimum attendance must be between 1 and the number of seats',
  expertClash: 'You have a session or another workshop at this time. Please choose another time.',
  dayFull: 'That day already has your daily maximum of sessions (a workshop counts as one). Please choose another day.',
  notFound: 'Workshop not found',
  onlyExperts: 'Only approved experts can run workshops',
  notYours: 'Only the expert running this workshop can change it',
  cancelled: 'This workshop was cancelled',
  alreadyPublished: 'This workshop is already published',
  capacityBelowTaken: (taken: number) => `${taken} seats are sold or kept for someone: the capacity can be no lower than ${taken}.`,
  attendeeClash: 'An attendee has another session at this time. Please choose another time.',
  startedLocked: 'This workshop has already started: it can no longer be changed.',
  created: 'Workshop saved as a draft',
  published: 'Workshop published. Clients can now book seats.',
  saved: 'Workshop saved',
  savedWithAttendees: 'Workshop saved. Attendees are e-mailed what changed.',
  full: 'This workshop is full',
  alreadyBooked: 'You already have a seat in this workshop',
  ownWorkshop: 'You cannot book a seat in your own workshop.',
  notOpen: 'This workshop is not open for booking',
  started: 'This workshop has already started',
  clientClash: 'You already have a session at this time.',
  seatBooked: (title: string) => `Seat booked for ${title}!`,
  /** A seat's 3-D Secure reservation holds the seat, not the expert's time (reservation-words.ts). */
  seatAuthenticationRequired: 'Your bank needs you to confirm this payment. The seat is reserved for you for 15 minutes.',
  seatReservationExpired: 'The payment was not completed, so the seat was released. Please book again.',
  listFailed: 'We could not load the workshops.',
  oneFailed: 'We could not load this workshop.',
  mineFailed: 'We could not load your workshops.',
  signInToBook: 'Please sign in to book a seat',
  // The waitlist (docs/product.md "Workshops", "Waitlist").
  fullWaitlistOpen: 'Full · waitlist open',
  joinWaitlist: 'Join waitlist',
  leaveWaitlist: 'Leave waitlist',
  claimSeat: 'Claim your seat',
  declineOffer: 'Give up my offer',
  signInToWait: 'Sign in to join the waitlist',
  onlyClientsWait: 'Only client accounts can join the waitlist',
  ownWaitlist: 'You cannot join the waitlist of your own workshop.',
  notFull: 'Seats are still free in this workshop. Please book a seat instead.',
  alreadyWaiting: 'You are already on the waitlist for this workshop',
  notWaiting: 'You are not on the waitlist for this workshop',
  joined: 'You joined the waitlist. We will e-mail you when a seat is free.',
  left: 'You left the waitlist',
  position: (n: number, waiting: number) => `You are number ${n} on the waitlist (${waiting} waiting).`,
  offerOpen: (deadline: string) => `A seat is free for you until ${deadline}. Claim it before then, or it goes to the next person waiting.`,
  offerExpired: 'Your seat offer has expired. The seat went to the next person waiting.',
  waitlistClosed: 'The waitlist is closed.',
  waitlistFailed: 'We could not load your place on the waitlist.',
  minimumNotReached: (minimum: number) =>
    `Fewer than ${minimum} seats were booked 24 hours before the start, so the workshop is cancelled. Your payment is refunded in full.`,
} as const;

/** A workshop as the edit rule sees it: its status, start (UTC), capacity and the seats sold, offered or reserved. */
type Editable = {
  status: string;
  startsAt: Date;
  capacity: number;
  seatsSold: number;
  seatsOffered: number;
  seatsSponsored: number;
};

/** Whether published workshop `w` (start as an instant or ISO UTC) has started at `now`: it then no longer changes. */
export function startedAt(w: { status: string; startsAt: Date | string }, now = new Date()): boolean {
  return w.status === 'published' && new Date(w.startsAt).getTime() <= now.getTime();
}

/**
 * The message refusing a change of `workshop` to `capacity` seats (undefined: unchanged) at `now`, or null when
 * allowed (docs/product.md "Workshops", "Editing"): a published workshop that has started no longer changes, and the
 * capacity never drops below the seats sold, offered to waiting clients or reserved by a sponsor. Everything else
 * may change with attendees: the time, length, title and description move their seats with the workshop, and a new
 * price applies to seats booked from then on (each seat keeps the price it was booked at).
 */
export function editRefusal(workshop: Editable, capacity: number | undefined, now: Date): string | null {
  if (startedAt(workshop, now)) return workshopMessages.startedLocked;
  const taken = workshop.seatsSold + workshop.seatsOffered + workshop.seatsSponsored;
  if (capacity !== undefined && capacity < taken) return workshopMessages.capacityBelowTaken(taken);
  return null;
}

/** How long before the start the minimum attendance must be reached, in hours (docs/product.md "Workshops"). */
export const minimumAttendanceHours = 24;

/** How long a seat offered to the first waiting client is theirs to claim, in hours (docs/product.md "Workshops"). */
export const waitlistOfferHours = 2;

/**
 * When an offer made at `now` ends: `waitlistOfferHours` later, but never after the workshop's start `startsAt`
 * (a seat is claimed before the workshop begins). Instants UTC.
 */
export function offerDeadline(now: Date, startsAt: Date): Date {
  return new Date(Math.min(now.getTime() + waitlistOfferHours * 3_600_000, startsAt.getTime()));
}

/** Seats anyone may book: neither sold, nor offered to a waiting client, nor reserved by a sponsor (never negative). */
export function seatsLeft(w: { capacity: number; seatsSold: number; seatsOffered: number; seatsSponsored: number }): number {
  return Math.max(0, w.capacity - w.seatsSold - w.seatsOffered - w.seatsSponsored);
}

/**
 * What a workshop's page says before a seat is paid (docs/product.md "Workshops"): the cancellation terms of a seat
 * (the expert's policy, kept by the seat at booking; the expert cancelling refunds in full), what happens below the
 * minimum attendance (`minAttendance`, null when there is none) and, for a paid seat, what happens to the money.
 */
export function seatTerms(w: { priceCents: number; minAttendance: number | null; policy: CancellationPolicy }): string[] {
  const p = policyTerms[w.policy];
  const before = p.fullRefundHours % 24 === 0 && p.fullRefundHours > 24 ? `${p.fullRefundHours / 24} days` : `${p.fullRefundHours} hours`;
  const late = p.lateRefundPercent ? `${p.lateRefundPercent}% after` : 'no refund after';
  return [
    w.priceCents > 0
      ? `Cancel your seat up to ${before} before the start for a full refund, ${late}. If the expert cancels, you are refunded in full.`
      : 'The seat is free: cancel it any time before the start.',
    w.minAttendance === null
      ? 'The workshop takes place whatever the number of attendees.'
      : `It takes place with at least ${w.minAttendance} attendees: if fewer seats are booked ${minimumAttendanceHours} hours before the start, it is cancelled and every attendee is refunded in full.`,
    ...(w.priceCents > 0
      ? [
          `Your payment is held until the workshop has taken place and released to the expert ${autoReleaseHours} hours after it ends unless you report an issue.`,
        ]
      : []),
  ];
}
