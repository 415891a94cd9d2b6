/**
 * A client's plans and an expert's subscribers (docs/product.md "Plans and packages"): GET /api/me/subscriptions,
 * GET /api/me/plan-subscribers, subscribing (POST /api/plans/{id}/subscriptions), booking a session of the month
 * (POST /api/subscriptions/{id}/sessions) and cancelling (POST /api/subscriptions/{id}/cancel). A fresh
 * Idempotency-Key per attempt.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardInput } from '@shared/cards';
import type { SubscriptionView } from '@shared/schemas/plans';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { viewerTimeZone } from '../../../lib/viewer-zone';
import { sessionsChanged } from '../../../lib/session-queries';

export function useMySubscriptions() {
  return useQuery({
    queryKey: ['plans', 'subscriptions', 'mine'],
    queryFn: async () => (await api<{ subscriptions: SubscriptionView[] }>('/api/me/subscriptions')).subscriptions,
  });
}

export function useSubscribers() {
  return useQuery({
    queryKey: ['plans', 'subscriptions', 'subscribers'],
    queryFn: async () => (await api<{ subscriptions: SubscriptionView[] }>('/api/me/plan-subscribers')).subscriptions,
  });
}

/** Subscribes to plan `planId` with a card; answers the subscription. Throws ApiError (declined, already subscribed, …). */
export function useSubscribe(planId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: CardInput): Promise<{ subscription: SubscriptionView }> =>
      api(`/api/plans/${encodeURIComponent(planId)}/subscriptions`, { method: 'POST', body: { card }, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plans', 'subscriptions'] }),
  });
}

export function useBookPlanSession(subscriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; topic: string }): Promise<{ session: SessionView }> =>
      api(`/api/subscriptions/${encodeURIComponent(subscriptionId)}/sessions`, {
        method: 'POST',
        body: { ...body, timeZone: viewerTimeZone() },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSettled: () => {
      sessionsChanged(client);
      return client.invalidateQueries({ queryKey: ['plans', 'subscriptions'] });
    },
  });
}

export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<SubscriptionView> => api(`/api/subscriptions/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plans', 'subscriptions'] }),
  });
}
