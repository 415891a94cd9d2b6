/**
 * GET /api/experts/{id}/feedback-eligibility for the booking card: whether the signed-in viewer may still book the
 * free intro with this expert, and whether the profile is their own (docs/product.md "Free introductory meeting").
 */
import { useQuery } from '@tanstack/react-query';
import type { feedbackEligibility } from '@shared/schemas/sessions';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type FeedbackEligibility = z.infer<typeof feedbackEligibility>;

/** Throws ApiError when the read fails: the card then says it could not check, rather than showing no free intro. */
export function getIntroEligibility(expertId: string): Promise<FeedbackEligibility> {
  return api<FeedbackEligibility>(`/api/experts/${encodeURIComponent(expertId)}/feedback-eligibility`);
}

/** Keyed by viewer, so another account never sees the previous one's answer; idle while signed out (`viewerId` undefined). */
export function useIntroEligibility(expertId: string, viewerId: string | undefined) {
  return useQuery({
    queryKey: ['experts', expertId, 'eligibility', viewerId],
    queryFn: () => getIntroEligibility(expertId),
    enabled: Boolean(viewerId),
  });
}
