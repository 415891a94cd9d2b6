/** GET /api/sessions: the caller's sessions for the dashboards, as client or as expert, newest start first. */
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';

/** Under ['sessions'], which booking and every session action invalidate, so a change shows on return. */
export const mySessionsKey = ['sessions', 'mine'] as const;

/** Throws ApiError when the read fails (the dashboard shows it with a retry). */
export async function getMySessions(): Promise<SessionView[]> {
  return (await api<{ sessions: SessionView[] }>('/api/sessions')).sessions;
}

export function useMySessions() {
  return useQuery({ queryKey: mySessionsKey, queryFn: getMySessions });
}
