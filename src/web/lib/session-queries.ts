/**
 * The one owner of the browser's cached session reads (docs/product.md "Sessions": every list that shows a session
 * is current after a change, without a reload). Every query that shows a session — the dashboards' lists and counters, one
 * session, its no-show report, its reschedule times — is keyed under ['sessions'], and every change (booking,
 * confirmation, cancellation, dispute, feedback, reschedule, no-show, proposals) calls `sessionsChanged`, which
 * stores the server's answer and reads the rest again. The server answers a write only once its own kept lists
 * have dropped what the write touched (src/server/cache/plugin.ts), so the reads that follow are fresh.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SessionView } from '@shared/schemas/sessions';
import type { SessionListPart } from '@shared/sessions';

export const sessionKeys = {
  all: ['sessions'] as const,
  /** GET /api/sessions?when=&page=: a page of the caller's sessions as client and expert. */
  mine: (when: SessionListPart, page: number) => ['sessions', 'mine', when, page] as const,
  /** GET /api/sessions/summary: the dashboards' counters. */
  summary: ['sessions', 'summary'] as const,
  /** GET /api/sessions/{id}, and under it the reads about that session. */
  one: (id: string) => ['sessions', 'one', id] as const,
  noShow: (id: string) => ['sessions', 'one', id, 'no-show'] as const,
  rescheduleSlots: (id: string) => ['sessions', 'one', id, 'reschedule-slots'] as const,
  /** GET /api/me/earnings: the expert's totals move with their sessions' payments, so a session change reads them again. */
  earnings: ['sessions', 'earnings'] as const,
  /** GET /api/me/earnings/ledger?page=: a page of the expert's ledger, read again with the totals. */
  earningsLedger: (page: number) => ['sessions', 'earnings', 'ledger', page] as const,
};

/**
 * After a change to a session: `changed` (the server's answer, when it sent one) replaces that session's cached
 * view at once, and every session read is read again — now where it is on screen, on the next visit otherwise.
 * Not awaited: a mutation waiting for the reads would call its caller's `onSuccess` only after the page had
 * re-rendered with them, and a dialog the new state removes would never hear of its success.
 */
export function sessionsChanged(queryClient: QueryClient, changed?: SessionView): void {
  if (changed) queryClient.setQueryData(sessionKeys.one(changed.id), changed);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}
