/** GET /api/sessions/{id}/no-show: the session's no-show report, or null (docs/product.md "No-shows"). */
import { useQuery } from '@tanstack/react-query';
import type { NoShowAnswer } from '@shared/schemas/no-shows';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session-queries';

/** Throws ApiError (403 not a party, 404 no such session). */
export function getNoShow(sessionId: string): Promise<NoShowAnswer> {
  return api<NoShowAnswer>(`/api/sessions/${encodeURIComponent(sessionId)}/no-show`);
}

/** The report on session `sessionId`; no retry, so 403/404 surface at once. */
export function useNoShow(sessionId: string) {
  return useQuery({ queryKey: sessionKeys.noShow(sessionId), queryFn: () => getNoShow(sessionId), retry: false });
}
