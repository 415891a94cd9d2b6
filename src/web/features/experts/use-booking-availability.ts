/**
 * Availability reads for the booking card, in the viewer's time zone: the days of the visible month that
 * have a free slot of the chosen duration, and the free start times of the chosen day.
 */
import { useQuery } from '@tanstack/react-query';
import { endOfMonth, format, max, startOfMonth, startOfToday } from 'date-fns';
import { fetchAvailableDays, fetchSlots } from './expert-queries';

/** Calendar date of a local Date as YYYY-MM-DD (the DayPicker works in the browser's = viewer's zone). */
export const toIsoDate = (d: Date) => format(d, 'yyyy-MM-dd');

/** The viewer's IANA zone, e.g. 'Europe/London'. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Days of `month` from today on with at least one slot; a Set of YYYY-MM-DD, undefined while loading. */
export function useAvailableDays(expertId: string, month: Date, duration: number, tz: string) {
  const from = toIsoDate(max([startOfMonth(month), startOfToday()]));
  const to = toIsoDate(endOfMonth(month));
  return useQuery({
    queryKey: ['experts', expertId, 'days', from, to, duration, tz],
    queryFn: async () => new Set(from <= to ? await fetchAvailableDays(expertId, { from, to }, duration, tz) : []),
    staleTime: 30_000,
  });
}

/** Free UTC start times on `date` (YYYY-MM-DD in `tz`); idle until a date is chosen. */
export function useSlots(expertId: string, date: string | null, duration: number, tz: string) {
  return useQuery({
    queryKey: ['experts', expertId, 'slots', date, duration, tz],
    queryFn: () => fetchSlots(expertId, date!, duration, tz),
    enabled: date !== null,
    staleTime: 30_000,
  });
}
