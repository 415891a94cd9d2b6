/**
 * POST /api/contact: a message to the team (docs/product.md "Enquiries"; shapes in src/shared/schemas/enquiries.ts). A new enquiry lands in the
 * team console's inbox, so the console's reads (['admin']) are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedEnquiry, ContactInput } from '@shared/schemas/enquiries';
import { api } from '../../../lib/api';

/** Throws ApiError (400 a field's rule, 429 too many enquiries, in the product's words). */
export function sendContact(input: ContactInput): Promise<CreatedEnquiry> {
  return api<CreatedEnquiry>('/api/contact', { body: input });
}

export function useSendContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}
