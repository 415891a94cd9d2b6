/**
 * GET /api/experts/{idOrSlug}/feedback-eligibility: which of the signed-in client's sessions with this expert may
 * still be reviewed (docs/product.md "Feedback and reviews"; shape in src/shared/schemas/sessions.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { feedbackEligibility } from '@shared/schemas/sessions';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type FeedbackEligibility = z.infer<typeof feedbackEligibility>;

/** Throws ApiError (401 signed out, 404 no such expert). */
export function getFeedbackEligibility(idOrSlug: string): Promise<FeedbackEligibility> {
  return api<FeedbackEligibility>(`/api/experts/${encodeURIComponent(idOrSlug)}/feedback-eligibility`);
}

/** Always read afresh (staleTime 0): a review just sent changes it. Idle while `enabled` is false (signed out). */
export function useFeedbackEligibility(idOrSlug: string, enabled: boolean) {
  return useQuery({ queryKey: ['feedback-eligibility', idOrSlug], queryFn: () => getFeedbackEligibility(idOrSlug), enabled, retry: false, staleTime: 0 });
}
