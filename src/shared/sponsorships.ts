/**
 * Sponsored workshops (docs/product.md "Sponsored workshops"): an organisation reserves seats of a published paid
 * workshop for the members of one of its access programmes, each paid from its wallet when taken; the seats nobody
 * took return to public sale `sponsoredSeatsReleaseHours` before the start. Pure: money in cents, instants UTC.
 */
import { formatMoney } from './pricing.js';

/** Seats a sponsor has reserved and nobody took are sold to anyone this many hours before the workshop starts. */
export const sponsoredSeatsReleaseHours = 48;

export const sponsorshipMessages = {
  workshopNotFound: 'Workshop not found',
  chooseWorkshop: 'Please choose a workshop',
  notPublished: 'Only a published workshop can be sponsored',
  free: 'This workshop is free: it needs no sponsor',
  tooSoon: `Seats can be reserved until ${sponsoredSeatsReleaseHours} hours before a workshop starts`,
  alreadySponsored: 'This workshop already has a sponsor',
  seats: 'Please reserve between 1 and 50 seats',
  seatsLeft: (left: number) => (left === 0 ? 'This workshop has no free seats to reserve' : `Only ${left} seats of this workshop are free to reserve`),
  creditShort: (seats: number, cents: number) => `Your organisation's credit does not cover ${seats} seats (${formatMoney(cents)}). Please buy credit first.`,
  programmeNotActive: 'Please choose a programme that is active',
  seatsTaken: 'The seats your organisation reserved for this workshop are taken',
  offeredWith: (organisation: string) => `Offered with ${organisation}`,
  yourSeatCovered: (organisation: string) => `Your seat is covered by ${organisation}`,
} as const;
