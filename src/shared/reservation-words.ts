/**
 * The words of a 3-D Secure reservation (docs/product.md "Payments", "Workshops"): a session's reserve the expert's
 * time, a workshop seat's (kind 'workshop') the seat.
 */
import { messages } from './messages.js';
import { workshopMessages } from './workshops.js';

/** For a booking of `kind`: what the client is told while the bank confirms, and once the reservation lapsed. */
export const reservationWords = (kind: string): { authenticationRequired: string; expired: string } =>
  kind === 'workshop'
    ? { authenticationRequired: workshopMessages.seatAuthenticationRequired, expired: workshopMessages.seatReservationExpired }
    : { authenticationRequired: messages.payment.authenticationRequired, expired: messages.payment.reservationExpired };

/** Whether an answer's `message` says the booking's reservation lapsed (a retry then needs a new Idempotency-Key). */
export const isReservationExpired = (message: string): boolean =>
  message === messages.payment.reservationExpired || message === workshopMessages.seatReservationExpired;
