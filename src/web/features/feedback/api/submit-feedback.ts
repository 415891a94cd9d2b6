/**
 * POST /api/sessions/{id}/feedback: the client's five public answers and optional comments (docs/product.md
 * "Feedback and reviews"). The session becomes completed and the review public, so the caller's sessions
 * (sessionsChanged) and the experts' public reads (['experts']) are read again. The feedback page's own
 * eligibility is not: the form shows its thanks until it leaves (the eligibility is read afresh on every visit).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInput } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { sessionsChanged } from '../../../lib/session-queries';

/** Throws ApiError (400 an answer missing, 409 already reviewed or a free intro, in the product's words). */
export function submitFeedback(sessionId: string, body: FeedbackInput): Promise<{ ok: true }> {
  return api<{ ok: true }>(`/api/sessions/${encodeURIComponent(sessionId)}/feedback`, { method: 'POST', body });
}

export function useSubmitFeedback(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackInput) => submitFeedback(sessionId, body),
    onSuccess: () => {
      sessionsChanged(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['experts'] });
    },
  });
}
