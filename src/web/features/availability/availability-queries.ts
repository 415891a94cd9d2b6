/** The signed-in expert's availability: GET and PUT /api/me/availability (shapes in src/shared/schemas/experts.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityInput, AvailabilitySettings } from '@shared/schemas/experts';
import { api } from '../../lib/api';

const key = ['me', 'availability'] as const;

/** 401/403 surface at once (no retry). */
export function useMyAvailability() {
  return useQuery({ queryKey: key, queryFn: () => api<AvailabilitySettings>('/api/me/availability'), retry: false });
}

/** Replaces zone, weekly ranges and exceptions; the answer becomes the cached settings. Throws ApiError (400 carries the rule broken). */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilityInput) => api<AvailabilitySettings>('/api/me/availability', { method: 'PUT', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
