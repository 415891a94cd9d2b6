/**
 * A client's plans and an expert's subscribers (docs/product.md "Plans and packages"): GET /api/me/subscriptions,
 * GET /api/me/plan-subscribers, subscribing (POST /api/plans/{id}/subscriptions, and after the bank's 3-D Secure step
 * POST /api/subscriptions/{id}/payment), booking a session of the month
 * (POST /api/subscriptions/{id}/sessions), changing plan (GET and POST /api/subscriptions/{id}/change), cancelling
 * (POST /api/subscriptions/{id}/cancel) and a renewal awaiting the bank (GET /api/subscriptions/{id}/renewal-confirmation). A fresh
 * Idempotency-Key per attempt.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseInput } from '@shared/schemas/packages';
import type { PlanChangeQuote, RenewalConfirmation, SubscriptionAwaitingBank, SubscriptionView } from '@shared/schemas/plans';
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

/**
 * Subscription `id`'s renewal awaiting the bank's 3-D Secure step, as Stripe says now; once the bank `confirmed` it,
 * asked again every 2 seconds until Stripe's word that the invoice is paid has renewed the plan here.
 */
export function useRenewalConfirmation(id: string, confirmed: boolean) {
  return useQuery({
    queryKey: ['plans', 'subscriptions', 'renewal', id],
    queryFn: () => api<RenewalConfirmation>(`/api/subscriptions/${encodeURIComponent(id)}/renewal-confirmation`),
    refetchInterval: (query) => (confirmed && query.state.data?.subscription.awaitingBank ? 2000 : false),
  });
}

export function useSubscribers() {
  return useQuery({
    queryKey: ['plans', 'subscriptions', 'subscribers'],
    queryFn: async () => (await api<{ subscriptions: SubscriptionView[] }>('/api/me/plan-subscribers')).subscriptions,
  });
}

/**
 * Subscribes to plan `planId` with a card or Stripe's PaymentMethod (`subscribe`): answers the subscription, or what
 * the bank's 3-D Secure step needs (nothing started yet); then, after that step, the subscription once the server has
 * asked Stripe (`settle`, POST /api/subscriptions/{id}/payment). Each throws ApiError (declined, already subscribed, …).
 */
export function useSubscribe(planId: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['plans', 'subscriptions'] });
  const subscribe = useMutation({
    mutationFn: (payment: PurchaseInput): Promise<{ subscription: SubscriptionView } | SubscriptionAwaitingBank> =>
      api(`/api/plans/${encodeURIComponent(planId)}/subscriptions`, { method: 'POST', body: payment, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSettled,
  });
  const settle = useMutation({
    mutationFn: (awaiting: SubscriptionAwaitingBank): Promise<{ subscription: SubscriptionView }> =>
      api(`/api/subscriptions/${encodeURIComponent(awaiting.subscriptionId)}/payment`, { method: 'POST', body: {} }),
    onSettled,
  });
  return { subscribe, settle };
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

/** What changing subscription `id` to plan `planId` would credit and charge now (GET /api/subscriptions/{id}/change); off without a plan chosen. */
export function usePlanChangeQuote(id: string, planId: string) {
  return useQuery({
    queryKey: ['plans', 'subscriptions', id, 'change', planId],
    queryFn: () => api<PlanChangeQuote>(`/api/subscriptions/${encodeURIComponent(id)}/change?planId=${encodeURIComponent(planId)}`),
    enabled: planId !== '',
    // The credit and charge move with every second of the month: never shown from an old answer.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Changes subscription `id` to plan `planId` (POST /api/subscriptions/{id}/change); answers the subscription and the lines moved. */
export function useChangePlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (planId: string): Promise<{ subscription: SubscriptionView; proration: PlanChangeQuote }> =>
      api(`/api/subscriptions/${encodeURIComponent(id)}/change`, { method: 'POST', body: { planId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['plans', 'subscriptions'] }),
  });
}
