/** GET /api/me/payouts: the signed-in expert's payout account and earnings (shape in src/shared/schemas/payouts.ts). */
import { useQuery } from '@tanstack/react-query';
import type { PayoutsView } from '@shared/schemas/payouts';
import { api } from '../../../lib/api';

export const payoutsKey = ['me', 'payouts'] as const;

/** Throws ApiError (401 signed out, 403 not an expert). */
export function getPayouts(): Promise<PayoutsView> {
  return api<PayoutsView>('/api/me/payouts');
}

/** 401/403 surface at once (no retry). */
export function usePayouts() {
  return useQuery({ queryKey: payoutsKey, queryFn: getPayouts, retry: false });
}
