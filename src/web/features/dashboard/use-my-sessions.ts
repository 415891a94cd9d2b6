/** The caller's sessions for the dashboards (GET /api/sessions: as client or as expert, newest start first). */
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../lib/api';

/** Shared with the session pages, which invalidate `['sessions']` after a change. */
export const mySessionsKey = ['sessions', 'mine'] as const;

export function useMySessions() {
  return useQuery({ queryKey: mySessionsKey, queryFn: async () => (await api<{ sessions: SessionView[] }>('/api/sessions')).sessions });
}
