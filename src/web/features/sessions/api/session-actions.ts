/**
 * State changes of one session (docs/product.md "Sessions", "Payments"): POST /api/sessions/{id}/confirm,
 * …/dispute, …/cancel, …/reschedule (docs/product.md "Reschedule"), and …/payment to settle a 3-D Secure reservation. Each answers the updated SessionView,
 * which replaces the cached session, and refreshes every session read (sessionsChanged).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { sessionsChanged } from '../../../lib/session-queries';

export type SessionAction =
  | { path: 'confirm' }
  | { path: 'payment' }
  | { path: 'dispute'; body: { description: string } }
  | { path: 'cancel'; body: { reason: string } }
  | { path: 'reschedule'; body: { startsAt: string } };

/** Runs `action` on session `id`. Throws ApiError carrying the rule broken, in the product's words. */
export function postSessionAction(id: string, action: SessionAction): Promise<SessionView> {
  return api<SessionView>(`/api/sessions/${encodeURIComponent(id)}/${action.path}`, { method: 'POST', body: 'body' in action ? action.body : {} });
}

/** One state change on session `id`. */
export function useSessionAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (action: SessionAction) => postSessionAction(id, action), onSuccess: (session) => sessionsChanged(queryClient, session) });
}

/**
 * Asks the server to settle the reservation `sessionId` once the bank's authentication ran (the server checks
 * with Stripe): answers the session, booked when the payment completed. For the payment form, which learns
 * the session's id only when it books.
 */
export function useSettlePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => postSessionAction(sessionId, { path: 'payment' }),
    onSuccess: (session) => sessionsChanged(queryClient, session),
  });
}
