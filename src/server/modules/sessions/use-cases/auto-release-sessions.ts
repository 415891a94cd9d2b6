/** Job: auto-release 72 hours after a session (docs/product.md "Sessions"; docs/architecture.md "Jobs"). */
import { and, eq, lte } from 'drizzle-orm';
import { autoReleaseHours } from '../../../../shared/sessions.js';
import { sessions } from '../../../db/schema.js';
import type { SessionDeps } from '../deps.js';
import { confirmAndRelease } from '../transitions.js';

/**
 * Booked sessions that ended more than 72 hours before `now` become confirmed and their payments are released,
 * at most `batch` per call. Claims rows with FOR UPDATE SKIP LOCKED, so several servers can run it at once. Each
 * session is released in a savepoint of its own: one the provider refuses (e.g. a lapsed card authorisation)
 * stays booked and the others still go through; the job then throws an AggregateError naming the refused
 * sessions, which the job runner logs. Returns how many were released.
 */
export async function autoReleaseDue(deps: SessionDeps, now = new Date(), batch = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - autoReleaseHours * 3_600_000);
  const refused: { sessionId: string; err: unknown }[] = [];
  const released = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.status, 'booked'), lte(sessions.endsAt, cutoff)))
      .orderBy(sessions.endsAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const s of due) {
      try {
        await tx.transaction((item) => confirmAndRelease(item, deps, s, null, true, now));
      } catch (err) {
        refused.push({ sessionId: s.id, err });
      }
    }
    return due.length - refused.length;
  });
  if (refused.length > 0)
    throw new AggregateError(
      refused.map((r) => r.err),
      `auto-release refused for sessions ${refused.map((r) => r.sessionId).join(', ')}`,
    );
  return released;
}
