/**
 * The signed-in expert's profile: GET and PUT /api/me/expert-profile (shapes in
 * src/shared/schemas/expert-profile.ts). Saving refreshes every cached public read of experts (results,
 * profiles, the landing carousel), so the change shows at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpertProfileInput, MyExpertProfile } from '@shared/schemas/expert-profile';
import { api } from '../../lib/api';

const key = ['me', 'expert-profile'] as const;

/** 401/403 surface at once (no retry). */
export function useMyExpertProfile() {
  return useQuery({ queryKey: key, queryFn: () => api<MyExpertProfile>('/api/me/expert-profile'), retry: false });
}

/** Replaces the profile; throws ApiError (400 carries the rule broken, in the product's words). */
export function useSaveExpertProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpertProfileInput) => api<MyExpertProfile>('/api/me/expert-profile', { method: 'PUT', body: input }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(key, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['experts'] }),
        queryClient.invalidateQueries({ queryKey: ['expert-videos'] }),
        queryClient.invalidateQueries({ queryKey: ['expert'] }),
      ]);
    },
  });
}
