/** POST /api/me/workshops/{id}/cancel: the expert cancels a workshop; every attendee is refunded in full (docs/product.md "Workshops"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWorkshopView } from '@shared/schemas/workshops';
import { api } from '../../../lib/api';
import { sessionsChanged } from '../../../lib/session-queries';

/** Cancels workshop `id` with `reason`; throws ApiError (e.g. already started). */
export function postCancelWorkshop(id: string, reason: string): Promise<MyWorkshopView> {
  return api(`/api/me/workshops/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } });
}

/** Cancelling workshop `id`; the workshop lists and every session list (the seats) are read again. */
export function useCancelWorkshop(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => postCancelWorkshop(id, reason),
    onSuccess: () => {
      sessionsChanged(client);
      return client.invalidateQueries({ queryKey: ['workshops'] });
    },
  });
}
