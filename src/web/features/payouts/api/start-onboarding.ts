/**
 * POST /api/me/payouts/onboarding: a fresh Stripe onboarding URL for the signed-in expert; the caller sends the
 * browser there, and the payouts page reads the account again on return, so no cached read changes here.
 */
import { useMutation } from '@tanstack/react-query';
import type { OnboardingLink } from '@shared/schemas/payouts';
import { api } from '../../../lib/api';

/** Throws ApiError (409 without Stripe, 503 Stripe down). */
export function startOnboarding(): Promise<OnboardingLink> {
  return api<OnboardingLink>('/api/me/payouts/onboarding', { method: 'POST' });
}

export function useStartOnboarding() {
  return useMutation({ mutationFn: startOnboarding });
}
