/**
 * POST /api/workshops/{id}/seats: books a seat (docs/product.md "Workshops"). A fresh Idempotency-Key per attempt;
 * on success the workshop's seats left and every session list are read again (the seat is a session).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardInput } from '@shared/cards';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { viewerTimeZone } from '../../../lib/format';
import { sessionsChanged } from '../../../lib/session-queries';

/** Books a seat of workshop `id` with `card` (none for a free seat). Throws ApiError ('This workshop is full', …). */
export function postWorkshopSeat(id: string, card: CardInput | undefined): Promise<{ session: SessionView }> {
  return api(`/api/workshops/${encodeURIComponent(id)}/seats`, {
    method: 'POST',
    body: { ...(card ? { card } : {}), timeZone: viewerTimeZone() },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

/** The seat booking of workshop `id`. */
export function useBookSeat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: CardInput | undefined) => postWorkshopSeat(id, card),
    onSettled: () => {
      sessionsChanged(client);
      return client.invalidateQueries({ queryKey: ['workshops'] });
    },
  });
}
