/** GET /api/me/earnings: the signed-in expert's earnings ledger and its totals (shape in src/shared/schemas/payouts.ts). */
import { useQuery } from '@tanstack/react-query';
import type { EarningsView } from '@shared/schemas/payouts';
import { api } from '../../../lib/api';

export const earningsKey = ['me', 'earnings'] as const;

/** Throws ApiError (401 signed out, 403 not an expert). */
export function getEarnings(): Promise<EarningsView> {
  return api<EarningsView>('/api/me/earnings');
}

/** 401/403 surface at once (no retry). */
export function useEarnings() {
  return useQuery({ queryKey: earningsKey, queryFn: getEarnings, retry: false });
}
