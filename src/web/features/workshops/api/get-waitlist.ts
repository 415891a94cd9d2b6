/** GET /api/workshops/{id}/waitlist: the signed-in viewer's place on a workshop's waitlist (docs/product.md "Workshops"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistView } from '@shared/schemas/workshops';
import { api, retryUnlessRefused } from '../../../lib/api';

/** Under ['workshops'], so every seat booking (which reads the workshops again) reads it again too. */
export const waitlistQuery = (id: string) =>
  queryOptions({
    queryKey: ['workshops', 'waitlist', id],
    queryFn: () => api<WaitlistView>(`/api/workshops/${encodeURIComponent(id)}/waitlist`),
  });

/** The viewer's place on workshop `id`'s waitlist; only read when `enabled` (a signed-in viewer). */
export function useWaitlist(id: string, enabled: boolean) {
  return useQuery({ ...waitlistQuery(id), enabled, retry: retryUnlessRefused });
}
