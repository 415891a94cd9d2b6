/** GET /api/sessions: the caller's sessions for the dashboards, as client or as expert, newest start first. */
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session-queries';

/** Throws ApiError when the read fails (the dashboard shows it with a retry). */
export async function getMySessions(): Promise<SessionView[]> {
  return (await api<{ sessions: SessionView[] }>('/api/sessions')).sessions;
}

/** Read again after every change to a session (sessionsChanged in src/web/lib/session-queries.ts). */
export function useMySessions() {
  return useQuery({ queryKey: sessionKeys.mine, queryFn: getMySessions });
}
