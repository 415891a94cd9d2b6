/**
 * POST /api/partner-enquiries: a university or recruitment partner's enquiry (docs/product.md "Enquiries"; shapes in src/shared/schemas/enquiries.ts). A new enquiry lands in the
 * team console's inbox, so the console's reads (['admin']) are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedEnquiry, PartnerEnquiryInput } from '@shared/schemas/enquiries';
import { api } from '../../../lib/api';

/** Throws ApiError (400 a field's rule, 429 too many enquiries, in the product's words). */
export function sendPartnerEnquiry(input: PartnerEnquiryInput): Promise<CreatedEnquiry> {
  return api<CreatedEnquiry>('/api/partner-enquiries', { body: input });
}

export function useSendPartnerEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendPartnerEnquiry, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}
