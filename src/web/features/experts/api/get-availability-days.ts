/**
 * GET /api/experts/{id}/availability-days: the days of the booking calendar's visible month that have a free
 * slot of the chosen duration, in the viewer's zone (docs/product.md "Availability", "Booking").
 */
import { useQuery } from '@tanstack/react-query';
import { endOfMonth, max, startOfMonth } from 'date-fns';
import { api } from '../../../lib/api';
import { toIsoDate } from '../../../lib/format';
import { viewerToday } from '../../../lib/viewer-zone';

/** Client dates from..to (YYYY-MM-DD, inclusive, zone `tz`) with at least one slot of `duration` minutes. Throws ApiError. */
export async function getAvailableDays(expertId: string, range: { from: string; to: string }, duration: number, tz: string): Promise<string[]> {
  const qs = new URLSearchParams({ from: range.from, to: range.to, duration: String(duration), tz });
  return (await api<{ days: string[] }>(`/api/experts/${encodeURIComponent(expertId)}/availability-days?${qs}`)).days;
}

/** Days of `month` from today on with at least one slot; a Set of YYYY-MM-DD, undefined while loading. */
export function useAvailableDays(expertId: string, month: Date, duration: number, tz: string) {
  const from = toIsoDate(max([startOfMonth(month), viewerToday()]));
  const to = toIsoDate(endOfMonth(month));
  return useQuery({
    queryKey: ['experts', expertId, 'days', from, to, duration, tz],
    queryFn: async () => new Set(from <= to ? await getAvailableDays(expertId, { from, to }, duration, tz) : []),
    staleTime: 30_000,
  });
}
