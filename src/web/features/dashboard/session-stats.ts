/**
 * Dashboard counters and grouping (docs/product.md "Sessions"), computed from the caller's
 * sessions with the shared rules in src/shared/sessions.ts. Money is integer cents; `now` is injectable.
 */
import type { SessionView } from '@shared/schemas/sessions';
import { isPendingConfirmation, isUpcoming } from '@shared/sessions';

/** The session with real instants, as the shared rules take it. */
export function timed(s: Pick<SessionView, 'status' | 'startsAt' | 'endsAt'>) {
  return { status: s.status, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) };
}

const isConcluded = (s: SessionView) => s.status === 'confirmed' || s.status === 'completed';

/**
 * What the client paid and kept paid: held or released amounts minus refunds; intro sessions, failed payments and
 * payments still awaiting the bank's 3-D Secure confirmation (docs/product.md "Payments") cost nothing.
 */
function spentCents(s: SessionView): number {
  if (!s.payment || s.payment.status === 'failed' || s.payment.status === 'pending') return 0;
  return Math.max(0, s.payment.amountCents - s.payment.refundedCents);
}

/** Client counters: upcoming (booked, future), awaiting confirmation, completed (confirmed or completed) and total spent. */
export function clientStats(sessions: SessionView[], now = new Date()) {
  return {
    upcoming: sessions.filter((s) => isUpcoming(timed(s), now)).length,
    awaitingConfirmation: sessions.filter((s) => isPendingConfirmation(timed(s), now)).length,
    completed: sessions.filter(isConcluded).length,
    spentCents: sessions.reduce((sum, s) => sum + spentCents(s), 0),
  };
}

/**
 * Expert counters: upcoming (booked, future), completed (status completed), pending confirmation. Earnings are not
 * summed here: the ledger owns that total (GET /api/me/earnings, docs/product.md "Earnings").
 */
export function expertStats(sessions: SessionView[], now = new Date()) {
  return {
    upcoming: sessions.filter((s) => isUpcoming(timed(s), now)).length,
    completed: sessions.filter((s) => s.status === 'completed').length,
    pendingConfirmation: sessions.filter((s) => isPendingConfirmation(timed(s), now)).length,
  };
}

/**
 * Upcoming = booked (or reserved while awaiting payment, shown with its badge) and not yet over (soonest first);
 * Past = everything else (newest first). A session in progress stays under Upcoming until its end. The counters
 * above count booked sessions only.
 */
export function groupSessions(sessions: SessionView[], now = new Date()): { upcoming: SessionView[]; past: SessionView[] } {
  const start = (s: SessionView) => new Date(s.startsAt).getTime();
  const upcoming = sessions.filter((s) => (s.status === 'booked' || s.status === 'pending_payment') && new Date(s.endsAt).getTime() > now.getTime());
  const past = sessions.filter((s) => !upcoming.includes(s));
  return { upcoming: upcoming.sort((a, b) => start(a) - start(b)), past: past.sort((a, b) => start(b) - start(a)) };
}
