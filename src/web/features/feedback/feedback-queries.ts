/** Expert header data and feedback eligibility for the feedback pages (GET /api/experts/{id}, …/feedback-eligibility). */
import { useQuery } from '@tanstack/react-query';
import type { ExpertProfile } from '@shared/schemas/experts';
import type { feedbackEligibility } from '@shared/schemas/sessions';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type FeedbackEligibility = z.infer<typeof feedbackEligibility>;

export function useExpert(idOrSlug: string) {
  return useQuery({ queryKey: ['expert', idOrSlug], queryFn: () => api<ExpertProfile>(`/api/experts/${encodeURIComponent(idOrSlug)}`), retry: false });
}

export function useFeedbackEligibility(idOrSlug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['feedback-eligibility', idOrSlug],
    queryFn: () => api<FeedbackEligibility>(`/api/experts/${encodeURIComponent(idOrSlug)}/feedback-eligibility`),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
