/** GET /api/me/waitlist: the signed-in client's places on workshop waitlists (docs/product.md "Workshops"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWaitlistView } from '@shared/schemas/workshops';
import { api } from '../../../lib/api';

/** Under ['workshops'], so a seat booked or a place changed reads it again. */
export const myWaitlistQuery = queryOptions({ queryKey: ['workshops', 'my-waitlist'], queryFn: () => api<MyWaitlistView>('/api/me/waitlist') });

/** The client's places, soonest workshop first. */
export function useMyWaitlist() {
  return useQuery(myWaitlistQuery);
}
