/**
 * GET /api/me/earnings and GET /api/me/earnings/ledger?page=: the signed-in expert's earnings totals and their ledger a
 * page at a time (shapes in src/shared/schemas/payouts.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EarningsLedgerPage, EarningsView } from '@shared/schemas/payouts';
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

/**
 * Page `page` of the ledger (20 a page), newest first; the page shown stays while the next loads. 401/403 surface at
 * once; read again after any session change, like the totals.
 */
export function useEarningsLedger(page: number) {
  return useQuery({
    queryKey: sessionKeys.earningsLedger(page),
    queryFn: () => api<EarningsLedgerPage>(`/api/me/earnings/ledger?page=${page}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
