/**
 * POST /api/match-requests: a request to be matched with an expert (docs/product.md "Enquiries"; shapes in src/shared/schemas/enquiries.ts). A new enquiry lands in the
 * team console's inbox, so the console's reads (['admin']) are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedEnquiry, MatchRequestInput } from '@shared/schemas/enquiries';
import { api } from '../../../lib/api';

/** Throws ApiError (400 a field's rule, 429 too many enquiries, in the product's words). */
export function sendMatchRequest(input: MatchRequestInput): Promise<CreatedEnquiry> {
  return api<CreatedEnquiry>('/api/match-requests', { body: input });
}

export function useSendMatchRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMatchRequest, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}
