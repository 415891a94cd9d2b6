/** GET /api/sessions and GET /api/sessions/summary: the dashboards' pages of the caller's sessions and their counters. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SessionList, SessionSummary } from '@shared/schemas/sessions';
import type { SessionListPart } from '@shared/sessions';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session-queries';

/** Page `page` of the caller's sessions in part `when` (20 a page). Throws ApiError when the read fails (the list shows it with a retry). */
export async function getMySessions(when: SessionListPart, page: number): Promise<SessionList> {
  return api<SessionList>(`/api/sessions?when=${when}&page=${page}`);
}

/** Read again after every change to a session (sessionsChanged); the last page stays on screen while the next loads. */
export function useMySessions(when: SessionListPart, page: number) {
  return useQuery({ queryKey: sessionKeys.mine(when, page), queryFn: () => getMySessions(when, page), placeholderData: keepPreviousData });
}

/** The counters over all of the caller's sessions; read again after every change to a session. */
export function useSessionSummary() {
  return useQuery({ queryKey: sessionKeys.summary, queryFn: () => api<SessionSummary>('/api/sessions/summary') });
}
