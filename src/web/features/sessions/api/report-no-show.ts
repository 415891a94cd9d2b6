/** POST /api/sessions/{id}/no-show: the viewer reports that the other party did not attend (docs/product.md "No-shows"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoShowReportInput, NoShowView } from '@shared/schemas/no-shows';
import { api } from '../../../lib/api';
import { sessionKeys, sessionsChanged } from '../../../lib/session-queries';

/** Answers the report. Throws ApiError in the product's words (outside the 48-hour window, already reported). */
export function reportNoShow(sessionId: string, body: NoShowReportInput): Promise<NoShowView> {
  return api<NoShowView>(`/api/sessions/${encodeURIComponent(sessionId)}/no-show`, { method: 'POST', body });
}

/** Stores the new report and refreshes the session (it can no longer be confirmed) and the session lists. */
export function useReportNoShow(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoShowReportInput) => reportNoShow(sessionId, body),
    onSuccess: (report) => {
      queryClient.setQueryData(sessionKeys.noShow(sessionId), { report });
      sessionsChanged(queryClient);
    },
  });
}
