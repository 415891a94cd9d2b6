/**
 * The partner pages' cache (/api/partner, src/shared/schemas/partners.ts): every read is under ['partner'], and every
 * write invalidates the whole of it, so the list, the balance and the ledger agree after it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const partnerKey = ['partner'] as const;

/** A manager's action; on success every partner read is refreshed. */
export function usePartnerAction<TVars, TResult>(request: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKey }) });
}
