/** GET /api/sessions/{id}: one session as its client or expert sees it (shape in src/shared/schemas/sessions.ts). */
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session-queries';

/** Throws ApiError (403 not a party, 404 no such session). */
export function getSession(id: string): Promise<SessionView> {
  return api<SessionView>(`/api/sessions/${encodeURIComponent(id)}`);
}

/** No retry, so 403/404 surface at once; idle while `enabled` is false. */
export function useSession(id: string, enabled = true) {
  return useQuery({ queryKey: sessionKeys.one(id), queryFn: () => getSession(id), enabled, retry: false });
}
