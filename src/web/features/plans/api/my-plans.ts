/** GET, POST /api/me/plans, PUT /api/me/plans/{id}, POST /api/me/plans/{id}/end: the expert's plans (docs/product.md "Plans and packages"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanInput, PlanView } from '@shared/schemas/plans';
import { api } from '../../../lib/api';

export function useMyPlans() {
  return useQuery({ queryKey: ['plans', 'mine'], queryFn: async () => (await api<{ plans: PlanView[] }>('/api/me/plans')).plans });
}

/** Adds a plan (no `id`) or changes one; every plan list is read again. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PlanInput & { id?: string }): Promise<PlanView> =>
      api(id ? `/api/me/plans/${encodeURIComponent(id)}` : '/api/me/plans', { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plans'] }),
  });
}

/** Ends a plan: closed, and every subscriber's plan ends now with the month's unused share refunded. */
export function useEndPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<{ ended: number }> => api(`/api/me/plans/${encodeURIComponent(id)}/end`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plans'] }),
  });
}
