/**
 * Application calls of the web app: the caller's latest application (GET /api/applications/mine), submit
 * (POST /api/applications) and CV analysis (POST /api/expertise-suggestions). Contracts from src/shared.
 */
import { useQuery } from '@tanstack/react-query';
import type { ApplicationInput, ApplicationView, CreatedApplication, SuggestionsResponse } from '@shared/schemas/applications';
import { api, ApiError } from '../../../lib/api';

export const myApplicationKey = ['applications', 'mine'] as const;

/** The caller's latest application, or null; only fetched when `enabled` (a signed-in account). */
export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: myApplicationKey,
    queryFn: async () => (await api<{ application: ApplicationView | null }>('/api/applications/mine')).application,
    enabled,
  });
}

/**
 * The signed-in expert's published profile (GET /api/me/expert-profile), or null when there is none (403):
 * experts listed before applications existed have a live profile without an application.
 */
export function useMyListedProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['applications', 'listed-profile'],
    queryFn: async () => {
      try {
        return await api<{ slug: string; status: string }>('/api/me/expert-profile');
      } catch (err) {
        if (err instanceof ApiError && err.status === 403) return null;
        throw err;
      }
    },
    enabled,
    retry: false,
  });
}

export function submitApplication(input: ApplicationInput): Promise<CreatedApplication> {
  return api<CreatedApplication>('/api/applications', { body: input });
}

/** Areas suggested from the caller's own uploaded CV, leaving out `selected`. */
export function analyzeCv(fileId: string, selected: string[]): Promise<SuggestionsResponse> {
  return api<SuggestionsResponse>('/api/expertise-suggestions', { body: { fileId, selected } });
}
