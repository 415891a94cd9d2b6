/** GET /api/applications/mine: the caller's latest expert application, or null (docs/product.md "Expert applications"). */
import { useQuery } from '@tanstack/react-query';
import type { ApplicationView } from '@shared/schemas/applications';
import { api } from '../../../lib/api';

/** submit-application.ts invalidates it. */
export const myApplicationKey = ['applications', 'mine'] as const;

/** Throws ApiError (401 signed out). */
export async function getMyApplication(): Promise<ApplicationView | null> {
  return (await api<{ application: ApplicationView | null }>('/api/applications/mine')).application;
}

/** Only fetched when `enabled` (a signed-in account). */
export function useMyApplication(enabled = true) {
  return useQuery({ queryKey: myApplicationKey, queryFn: getMyApplication, enabled });
}
