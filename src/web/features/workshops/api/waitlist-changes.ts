/**
 * POST and DELETE /api/workshops/{id}/waitlist: join the waitlist of a full workshop, leave it or give up an offered
 * seat (docs/product.md "Workshops"). The answer is the viewer's new place; the workshop (seats left) is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistView } from '@shared/schemas/workshops';
import { api } from '../../../lib/api';
import { waitlistQuery } from './get-waitlist';

/** Joins (`join`) or leaves workshop `id`'s waitlist. Throws ApiError ('Seats are still free…', …). */
export function useWaitlistChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'join' | 'leave') =>
      api<WaitlistView>(`/api/workshops/${encodeURIComponent(id)}/waitlist`, { method: change === 'join' ? 'POST' : 'DELETE' }),
    onSuccess: (place) => client.setQueryData(waitlistQuery(id).queryKey, place),
    onSettled: () => client.invalidateQueries({ queryKey: ['workshops'] }),
  });
}
