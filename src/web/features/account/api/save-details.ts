/**
 * PUT /api/me/details and PUT /api/me/photo: the signed-in account's name, phone and photo (docs/product.md "Account";
 * shapes in src/shared/schemas/account.ts). The answer becomes the cached account (['me']), so the header and every
 * page show the change at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DetailsInput, PhotoInput } from '@shared/schemas/account';
import type { Me } from '@shared/schemas/profile';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

/** Throws ApiError (400 in the product's words, 401 signed out). */
export function saveDetails(input: DetailsInput): Promise<Me> {
  return api<Me>('/api/me/details', { method: 'PUT', body: input });
}

/** Throws ApiError (400 'Photo not found…', 401 signed out). */
export function savePhoto(input: PhotoInput): Promise<Me> {
  return api<Me>('/api/me/photo', { method: 'PUT', body: input });
}

/** A mutation whose answer (the account) replaces the cached one. */
function useAccountWrite<T>(write: (input: T) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (me) => queryClient.setQueryData(meQueryKey, me) });
}

export const useSaveDetails = () => useAccountWrite(saveDetails);
export const useSavePhoto = () => useAccountWrite(savePhoto);
