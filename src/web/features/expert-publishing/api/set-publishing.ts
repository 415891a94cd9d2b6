/**
 * PUT /api/me/profile-publishing `{ published }`: publishes or hides the signed-in expert's profile (docs/product.md
 * "Expert onboarding and publishing"). The answer becomes the cached publication; the public expert reads and the
 * dashboard's application reads are read again, so results, profile and dashboard show the change at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePublishing } from '@shared/schemas/expert-publishing';
import { api } from '../../../lib/api';
import { publishingKey } from './get-publishing';

/** Throws ApiError (400 names the steps still missing; 409 suspended). */
export function setPublishing(published: boolean): Promise<ProfilePublishing> {
  return api<ProfilePublishing>('/api/me/profile-publishing', { method: 'PUT', body: { published } });
}

export function useSetPublishing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPublishing,
    onSuccess: async (publishing) => {
      queryClient.setQueryData(publishingKey, publishing);
      await Promise.all(['experts', 'expert', 'expert-videos', 'applications'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}
