/**
 * POST /api/experts/{idOrSlug}/private-feedback: comments only Mentora's team reads (docs/product.md "Feedback and
 * reviews"). Nothing the web app shows changes, so no cached read is refreshed.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Throws ApiError (400 empty or too long, 401 signed out, 404 no such expert). */
export function sendPrivateFeedback(idOrSlug: string, body: { comments: string }): Promise<{ id: string }> {
  return api<{ id: string }>(`/api/experts/${encodeURIComponent(idOrSlug)}/private-feedback`, { method: 'POST', body });
}

export function useSendPrivateFeedback(idOrSlug: string) {
  return useMutation({ mutationFn: (body: { comments: string }) => sendPrivateFeedback(idOrSlug, body) });
}
