/** GET /api/me/earnings: the signed-in expert's earnings ledger and its totals (shape in src/shared/schemas/payouts.ts). */
import { useQuery } from '@tanstack/react-query';
import type { EarningsView } from '@shared/schemas/payouts';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session-queries';

/** Throws ApiError (401 signed out, 403 not an expert). */
export function getEarnings(): Promise<EarningsView> {
  return api<EarningsView>('/api/me/earnings');
}

/** 401/403 surface at once (no retry); read again after any session change (sessionsChanged). */
export function useEarnings() {
  return useQuery({ queryKey: sessionKeys.earnings, queryFn: getEarnings, retry: false });
}
