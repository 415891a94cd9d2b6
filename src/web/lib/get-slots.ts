/** GET /api/experts/{id}/slots: the bookable start times of one day in the viewer's zone (docs/product.md "Availability"); the booking card and a package's booking read it. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Bookable UTC ISO-8601 start times on the client's `date` (YYYY-MM-DD in `tz`) for `duration` minutes. Throws ApiError. */
export async function getSlots(expertId: string, date: string, duration: number, tz: string): Promise<string[]> {
  const qs = new URLSearchParams({ date, duration: String(duration), tz });
  return (await api<{ slots: string[] }>(`/api/experts/${encodeURIComponent(expertId)}/slots?${qs}`)).slots;
}

/** Free start times on `date`; idle until a date is chosen. */
export function useSlots(expertId: string, date: string | null, duration: number, tz: string) {
  return useQuery({
    queryKey: ['experts', expertId, 'slots', date, duration, tz],
    queryFn: () => getSlots(expertId, date!, duration, tz),
    enabled: date !== null,
    staleTime: 30_000,
  });
}
