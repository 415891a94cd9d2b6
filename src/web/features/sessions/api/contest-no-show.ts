/** POST /api/sessions/{id}/no-show/contest: the party reported absent contests (docs/product.md "No-shows"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoShowContestInput, NoShowView } from '@shared/schemas/no-shows';
import { api } from '../../../lib/api';
import { sessionKeys, sessionsChanged } from '../../../lib/session-queries';

/** Answers the contested report. Throws ApiError in the product's words (not the reported party, past the deadline). */
export function contestNoShow(sessionId: string, body: NoShowContestInput): Promise<NoShowView> {
  return api<NoShowView>(`/api/sessions/${encodeURIComponent(sessionId)}/no-show/contest`, { method: 'POST', body });
}

/** Stores the contested report and refreshes the session (now disputed) and the session lists. */
export function useContestNoShow(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoShowContestInput) => contestNoShow(sessionId, body),
    onSuccess: (report) => {
      queryClient.setQueryData(sessionKeys.noShow(sessionId), { report });
      sessionsChanged(queryClient);
    },
  });
}
