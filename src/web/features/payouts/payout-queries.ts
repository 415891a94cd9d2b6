/** The signed-in expert's payout account: GET /api/me/payouts and POST /api/me/payouts/onboarding (src/shared/schemas/payouts.ts). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OnboardingLink, PayoutsView } from '@shared/schemas/payouts';
import { api } from '../../lib/api';

/** 401/403 surface at once (no retry). */
export function usePayouts() {
  return useQuery({ queryKey: ['me', 'payouts'], queryFn: () => api<PayoutsView>('/api/me/payouts'), retry: false });
}

/** Asks for a fresh Stripe onboarding URL; the caller sends the browser there. Throws ApiError (409 without Stripe, 503 Stripe down). */
export function useStartOnboarding() {
  return useMutation({ mutationFn: () => api<OnboardingLink>('/api/me/payouts/onboarding', { method: 'POST' }) });
}
