/**
 * PUT /api/me/time-zone: the signed-in account's IANA time zone, which its e-mails, reminders and invites are written
 * in (docs/product.md "E-mail"; shapes in src/shared/schemas/profile.ts). The answer becomes the cached account (['me']).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, TimeZoneInput } from '@shared/schemas/profile';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

/** Throws ApiError (400 unknown zone, 401 signed out). */
export function saveTimeZone(input: TimeZoneInput): Promise<Me> {
  return api<Me>('/api/me/time-zone', { method: 'PUT', body: input });
}

export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTimeZone, onSuccess: (me) => queryClient.setQueryData(meQueryKey, me) });
}
