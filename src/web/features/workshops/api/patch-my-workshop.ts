/** PATCH /api/me/workshops/{id}: the expert edits a workshop; its seats follow and attendees are told (docs/product.md "Workshops"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWorkshopView, WorkshopPatch } from '@shared/schemas/workshops';
import { api } from '../../../lib/api';
import { sessionsChanged } from '../../../lib/session-queries';

/** Applies `patch` to workshop `id`; throws ApiError with the product's words (e.g. an attendee is busy then). */
export function patchMyWorkshop(id: string, patch: WorkshopPatch): Promise<MyWorkshopView> {
  return api(`/api/me/workshops/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

/** Editing workshop `id`; the workshop lists and every session list (the seats move with it) are read again. */
export function useUpdateWorkshop(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: WorkshopPatch) => patchMyWorkshop(id, patch),
    onSuccess: () => {
      sessionsChanged(client);
      return client.invalidateQueries({ queryKey: ['workshops'] });
    },
  });
}
