/**
 * POST /api/workshops/{id}/seats: books a seat (docs/product.md "Workshops"). A fresh Idempotency-Key per attempt;
 * on success the workshop's seats left and every session list are read again (the seat is a session).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardInput } from '@shared/cards';
import type { PaymentAction, SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { viewerTimeZone } from '../../../lib/viewer-zone';
import { sessionsChanged } from '../../../lib/session-queries';

/**
 * How a seat is paid: nothing (a free seat), the simulated card, or a Stripe PaymentMethod id ('pm_…'); with
 * `programmeId`, an access programme's credit pays what it covers and the card the rest, or the programme alone when
 * it covers it all (docs/product.md "Booking with credit").
 */
export type SeatPayment = { card: CardInput; programmeId?: string } | { paymentMethodId: string; programmeId?: string } | { programmeId: string } | undefined;

/**
 * Books a seat of workshop `id` paid by `payment`. Answers the seat, with `paymentAction` when the bank asks for
 * 3-D Secure (the seat is then reserved). Throws ApiError ('This workshop is full', a declined card, …).
 */
export function postWorkshopSeat(id: string, payment: SeatPayment): Promise<{ session: SessionView; paymentAction?: PaymentAction }> {
  return api(`/api/workshops/${encodeURIComponent(id)}/seats`, {
    method: 'POST',
    body: { ...payment, timeZone: viewerTimeZone() },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

/** The seat booking of workshop `id`. */
export function useBookSeat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payment: SeatPayment) => postWorkshopSeat(id, payment),
    onSettled: () => {
      sessionsChanged(client);
      return client.invalidateQueries({ queryKey: ['workshops'] });
    },
  });
}
