/**
 * A member's access programmes (docs/product.md "Access programmes"), read and joined from /account, the client
 * dashboard, the invitation page and checkout: GET /api/me/programmes, POST …/join (code) and …/accept (invitation),
 * GET …/cover (what each programme covers of a booking). Shapes in src/shared/schemas/programmes.ts; money in cents.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoverAnswer, Membership } from '@shared/schemas/programmes';
import { api, retryUnlessRefused } from './api';

export const programmesKey = ['me', 'programmes'] as const;
type Memberships = { items: Membership[] };

export const useMyProgrammes = (enabled = true) =>
  useQuery({ queryKey: programmesKey, queryFn: () => api<Memberships>('/api/me/programmes'), enabled, retry: retryUnlessRefused });

/** Joins by `{ code }` or `{ token }`; every programme read (lists and covers) is refreshed after it. Throws ApiError in the product's words. */
export function useJoinProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (how: { code: string } | { token: string }) =>
      'code' in how ? api<Memberships>('/api/me/programmes/join', { body: how }) : api<Memberships>('/api/me/programmes/accept', { body: how }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmesKey }),
  });
}

/** The booking a cover is asked for: a session with an expert (id or slug) of a length, or a seat of a workshop. */
export type CoverTarget = { expertId: string; durationMinutes: number } | { workshopId: string };

/** What each of the member's programmes covers of booking `target` (nothing asked while it is null). */
export const useProgrammeCover = (target: CoverTarget | null, enabled: boolean) =>
  useQuery({
    queryKey: [...programmesKey, 'cover', target],
    queryFn: () => api<CoverAnswer>(`/api/me/programmes/cover?${new URLSearchParams(target ? Object.entries(target).map(([k, v]) => [k, String(v)]) : [])}`),
    enabled: enabled && target !== null,
    retry: retryUnlessRefused,
  });
