/**
 * POST /api/sessions, the one place that books a session (docs/product.md "Booking", "Payments", "Free introductory
 * meeting"): the free intro from the expert's booking card and a paid session from /payment build the same body
 * here and send it with an Idempotency-Key, so a double click or a retry never books or charges twice.
 * Shapes in src/shared/schemas/sessions.ts; times UTC ISO-8601, durations minutes; the price is the server's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CardInput } from '@shared/cards';
import { introMinutes } from '@shared/pricing';
import type { BookingInput, PaymentAction, SessionView } from '@shared/schemas/sessions';
import { api, ApiError } from './api';
import { sessionsChanged } from './session-queries';

/** The chosen slot: expert, UTC start, length in minutes, topic, and the client's IANA zone (for the e-mail's times). */
export type BookingSlot = { expertId: string; startsAt: string; durationMinutes: number; topic: string; timeZone: string };

/**
 * How the session is paid: the free intro (no card), the simulated card, or a Stripe PaymentMethod id ('pm_…') —
 * with `programmeId`, an access programme's credit pays what it covers and the card the rest, or nothing but the
 * programme when it covers it all (docs/product.md "Booking with credit").
 */
export type BookingPayment =
  { kind: 'intro' } | { card: CardInput; programmeId?: string } | { paymentMethodId: string; programmeId?: string } | { programmeId: string };

/** `paymentAction` is present when the bank asks the client to authenticate (3-D Secure); the slot is then reserved. */
export type BookingResult = { session: SessionView; paymentAction?: PaymentAction };

/** The request body: an intro always lasts `introMinutes`; the topic is trimmed. */
export function bookingBody(slot: BookingSlot, payment: BookingPayment): BookingInput {
  const base = { expertId: slot.expertId, startsAt: slot.startsAt, topic: slot.topic.trim(), timeZone: slot.timeZone };
  if ('kind' in payment) return { ...base, durationMinutes: introMinutes, kind: 'intro' };
  return { ...base, durationMinutes: slot.durationMinutes, kind: 'paid', ...payment };
}

/** A random key; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends the booking. Throws ApiError (400 rule broken, 402 declined, 409 slot taken or intro used, in the product's words). */
export function bookSession(body: BookingInput, idempotencyKey: string): Promise<BookingResult> {
  return api<BookingResult>('/api/sessions', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * Books `slot` paid by `payment`. Every attempt at the same slot, duration, topic and kind carries the same
 * Idempotency-Key (another card for the same slot is a retry of the same booking); `renewKey` starts a new
 * booking after the server let a reservation expire. A booking refreshes every session read
 * (sessionsChanged); a 409 refreshes the expert's cached availability (['experts', id]), whose slot was just taken.
 */
export function useBookSession() {
  const queryClient = useQueryClient();
  const idempotency = useRef<{ booking: string; key: string } | null>(null);
  const keyFor = (body: BookingInput) => {
    const booking = JSON.stringify([body.expertId, body.startsAt, body.durationMinutes, body.topic, body.kind, body.programmeId]);
    if (idempotency.current?.booking !== booking) idempotency.current = { booking, key: newIdempotencyKey() };
    return idempotency.current.key;
  };
  const mutation = useMutation({
    mutationFn: ({ slot, payment }: { slot: BookingSlot; payment: BookingPayment }) => {
      const body = bookingBody(slot, payment);
      return bookSession(body, keyFor(body));
    },
    onSuccess: ({ session }) => sessionsChanged(queryClient, session),
    onError: (err, { slot }) => {
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: ['experts', slot.expertId] });
    },
  });
  return {
    ...mutation,
    renewKey: () => {
      idempotency.current = null;
    },
  };
}
