/**
 * PUT /api/me/profile: the signed-in account's first and last name, phone and role (docs/product.md "Accounts and
 * sign-in"; shapes in src/shared/schemas/profile.ts). The answer becomes the cached account (['me']).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, ProfileInput } from '@shared/schemas/profile';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

/** Throws ApiError (400 carries the rule broken, 401 signed out). */
export function saveProfile(input: ProfileInput): Promise<Me> {
  return api<Me>('/api/me/profile', { method: 'PUT', body: input });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProfile, onSuccess: (me) => queryClient.setQueryData(meQueryKey, me) });
}
