/**
 * GET /api/sessions/{id}/reschedule-slots: the free times a booked session can move to in the visible month, in the
 * viewer's zone (docs/product.md "Reschedule").
 */
import { useQuery } from '@tanstack/react-query';
import { differenceInCalendarDays, endOfMonth, max, parseISO, startOfMonth } from 'date-fns';
import { api } from '../../../lib/api';
import { toIsoDate } from '../../../lib/format';
import { viewerToday } from '../../../lib/viewer-zone';
import { sessionKeys } from '../../../lib/session-queries';
import { dateInZone } from '@shared/slots';

/** Free UTC ISO start times on `days` client dates from `from` (YYYY-MM-DD in `tz`). Throws ApiError (403, 404). */
export async function getRescheduleSlots(sessionId: string, from: string, days: number, tz: string): Promise<string[]> {
  const qs = new URLSearchParams({ from, days: String(days), tz });
  return (await api<{ slots: string[] }>(`/api/sessions/${encodeURIComponent(sessionId)}/reschedule-slots?${qs}`)).slots;
}

/**
 * The free times of `month` from today on, by date in zone `tz` (the viewer's, as on the booking calendar): a Map
 * YYYY-MM-DD → UTC ISO times (ascending), undefined while loading; read again after any change to a session (sessionsChanged).
 */
export function useRescheduleSlots(sessionId: string, month: Date, tz: string) {
  const from = toIsoDate(max([startOfMonth(month), viewerToday()]));
  const to = toIsoDate(endOfMonth(month));
  const days = differenceInCalendarDays(parseISO(to), parseISO(from)) + 1;
  return useQuery({
    queryKey: [...sessionKeys.rescheduleSlots(sessionId), from, days, tz],
    queryFn: async () => {
      const byDate = new Map<string, string[]>();
      for (const iso of days > 0 ? await getRescheduleSlots(sessionId, from, days, tz) : []) {
        const date = dateInZone(new Date(iso), tz);
        byDate.set(date, [...(byDate.get(date) ?? []), iso]);
      }
      return byDate;
    },
    staleTime: 30_000,
  });
}
