/**
 * POST /api/me/calendar-feed: creates the account's calendar subscription address or replaces it (docs/product.md
 * "Calendar feed"). The answer holds the full address, which the server cannot give again (it keeps only a hash).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedAddress } from '@shared/schemas/calendar-feed';
import { api } from '../../../lib/api';
import { calendarFeedKey } from './get-calendar-feed';

/** Throws ApiError (401 signed out, 429 too many resets). */
export function resetCalendarFeed(): Promise<CalendarFeedAddress> {
  return api<CalendarFeedAddress>('/api/me/calendar-feed', { method: 'POST', body: {} });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (address) => queryClient.setQueryData(calendarFeedKey, { exists: true, createdAt: address.createdAt }),
  });
}
