/** POST /api/me/workshops: the expert creates (and publishes) a workshop (docs/product.md "Workshops"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWorkshopView, WorkshopInput } from '@shared/schemas/workshops';
import { api } from '../../../lib/api';

/** Creates workshop `input`; throws ApiError with the product's words (e.g. the expert is busy then). */
export function postMyWorkshop(input: WorkshopInput): Promise<MyWorkshopView> {
  return api('/api/me/workshops', { method: 'POST', body: input });
}

/** Creating a workshop; every workshop list is read again. */
export function useCreateWorkshop() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postMyWorkshop, onSuccess: () => client.invalidateQueries({ queryKey: ['workshops'] }) });
}
