/**
 * Query and mutations of one session (sessions API: GET /api/sessions/{id}, POST …/confirm, …/dispute,
 * …/cancel, …/payment to settle a 3-D Secure reservation). Each mutation answers the updated SessionView, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../lib/api';

export const sessionKey = (id: string) => ['session', id] as const;

/** The session as its client or expert sees it; no retry, so 403/404 surface at once. */
export function useSession(id: string, enabled = true) {
  return useQuery({ queryKey: sessionKey(id), queryFn: () => api<SessionView>(`/api/sessions/${encodeURIComponent(id)}`), enabled, retry: false });
}

type Action = { path: 'confirm' } | { path: 'payment' } | { path: 'dispute'; body: { description: string } } | { path: 'cancel'; body: { reason: string } };

/** Runs one state change on the session and stores the answer in the cache. */
export function useSessionAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) =>
      api<SessionView>(`/api/sessions/${encodeURIComponent(id)}/${action.path}`, { method: 'POST', body: 'body' in action ? action.body : {} }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey(id), session);
      void queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
}
