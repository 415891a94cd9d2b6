/**
 * Application calls of the web app: the caller's latest application (GET /api/applications/mine), submit
 * (POST /api/applications) and CV analysis (POST /api/expertise-suggestions). Contracts from src/shared.
 */
import { useQuery } from '@tanstack/react-query';
import type { ApplicationInput, ApplicationView, CreatedApplication, SuggestionsResponse } from '@shared/schemas/applications';
import { api } from '../../../lib/api';

export const myApplicationKey = ['applications', 'mine'] as const;

/** The caller's latest application, or null; only fetched when `enabled` (a signed-in account). */
export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: myApplicationKey,
    queryFn: async () => (await api<{ application: ApplicationView | null }>('/api/applications/mine')).application,
    enabled,
  });
}

export function submitApplication(input: ApplicationInput): Promise<CreatedApplication> {
  return api<CreatedApplication>('/api/applications', { body: input });
}

/** Areas suggested from the caller's own uploaded CV, leaving out `selected`. */
export function analyzeCv(fileId: string, selected: string[]): Promise<SuggestionsResponse> {
  return api<SuggestionsResponse>('/api/expertise-suggestions', { body: { fileId, selected } });
}
