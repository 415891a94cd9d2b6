/**
 * PUT /api/me/expert-profile: replaces the signed-in expert's profile (docs/product.md "Expert profiles"). The
 * answer becomes the cached profile, and every cached public read of experts (results, profiles, the landing
 * carousel, the feedback pages' header) is read again, so the change shows at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpertProfileInput, MyExpertProfile } from '@shared/schemas/expert-profile';
import { api } from '../../../lib/api';
import { myExpertProfileKey } from './get-my-expert-profile';

/** Throws ApiError (400 carries the rule broken, in the product's words). */
export function saveExpertProfile(input: ExpertProfileInput): Promise<MyExpertProfile> {
  return api<MyExpertProfile>('/api/me/expert-profile', { method: 'PUT', body: input });
}

export function useSaveExpertProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExpertProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(myExpertProfileKey, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['experts'] }),
        queryClient.invalidateQueries({ queryKey: ['expert-videos'] }),
        queryClient.invalidateQueries({ queryKey: ['expert'] }),
      ]);
    },
  });
}
