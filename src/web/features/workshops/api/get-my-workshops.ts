/** GET /api/me/workshops: the signed-in expert's workshops with seats sold (docs/product.md "Workshops"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWorkshopView } from '@shared/schemas/workshops';
import { api } from '../../../lib/api';

export const myWorkshopsQuery = queryOptions({
  queryKey: ['workshops', 'mine'],
  queryFn: () => api<{ workshops: MyWorkshopView[]; timeZone: string }>('/api/me/workshops'),
});

/** The expert's workshops, soonest first, and the IANA zone a new workshop's start is typed in. */
export function useMyWorkshops() {
  return useQuery(myWorkshopsQuery);
}
