/** PUT /api/me/availability: replaces the signed-in expert's zone, weekly ranges and exceptions (docs/product.md "Availability"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityInput, AvailabilitySettings } from '@shared/schemas/experts';
import { api } from '../../../lib/api';
import { availabilityKey } from './get-availability';

/** Throws ApiError (400 carries the rule broken, in the product's words). */
export function saveAvailability(input: AvailabilityInput): Promise<AvailabilitySettings> {
  return api<AvailabilitySettings>('/api/me/availability', { method: 'PUT', body: input });
}

/** The answer becomes the cached settings; the cached public days and slots of experts (['experts']) are read again. */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (settings) => {
      queryClient.setQueryData(availabilityKey, settings);
      void queryClient.invalidateQueries({ queryKey: ['experts'] });
    },
  });
}
