/**
 * Reschedule proposals (docs/product.md "Reschedule proposals"): POST /api/sessions/{id}/reschedule-proposals (the
 * expert proposes) and …/reschedule-proposals/{proposalId}/accept | decline (the client answers). Each answers the
 * updated SessionView, which replaces the cached session, and refreshes every session read (sessionsChanged).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalInput } from '@shared/schemas/reschedule-proposals';
import type { SessionView } from '@shared/schemas/sessions';
import { api } from '../../../lib/api';
import { sessionsChanged } from '../../../lib/session-queries';

const base = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/reschedule-proposals`;

/** Sends the expert's proposal. Throws ApiError in the product's words (not a free time, session started). */
export function proposeReschedule(sessionId: string, body: ProposalInput): Promise<SessionView> {
  return api<SessionView>(base(sessionId), { method: 'POST', body });
}

/** The client's answer to proposal `proposalId`. Throws ApiError in the product's words (closed, clashes now). */
export function answerProposal(sessionId: string, proposalId: string, answer: 'accept' | 'decline'): Promise<SessionView> {
  return api<SessionView>(`${base(sessionId)}/${encodeURIComponent(proposalId)}/${answer}`, { method: 'POST', body: {} });
}

function useStoring<T>(sessionId: string, send: (input: T) => Promise<SessionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (session) => sessionsChanged(queryClient, session),
  });
}

/** The expert proposes a new time for session `sessionId`. */
export function useProposeReschedule(sessionId: string) {
  return useStoring(sessionId, (body: ProposalInput) => proposeReschedule(sessionId, body));
}

/** The client accepts or declines the open proposal of session `sessionId`. */
export function useAnswerProposal(sessionId: string) {
  return useStoring(sessionId, ({ proposalId, answer }: { proposalId: string; answer: 'accept' | 'decline' }) => answerProposal(sessionId, proposalId, answer));
}
