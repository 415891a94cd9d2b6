/**
 * GET /api/me/calendar-feed: whether the signed-in account has a calendar subscription address, and since when
 * (docs/product.md "Calendar feed"; shapes in src/shared/schemas/calendar-feed.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@shared/schemas/calendar-feed';
import { api } from '../../../lib/api';

/** The status's cache entry; creating or resetting the address (reset-calendar-feed.ts) refreshes it. */
export const calendarFeedKey = ['me', 'calendar-feed'] as const;

/** Throws ApiError (401 signed out). */
export function getCalendarFeed(): Promise<CalendarFeedStatus> {
  return api<CalendarFeedStatus>('/api/me/calendar-feed');
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: getCalendarFeed, retry: false });
}
